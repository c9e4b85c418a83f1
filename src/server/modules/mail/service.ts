import { type Db, inTransaction } from '../../db/client.ts';
import type { MailTransport, OutgoingMail } from '../../integrations/mail/transport.ts';
import type { Logger } from '../../logger.ts';
import {
  claimDueMail,
  countUndeliveredMail,
  findOutboxMail,
  insertOutboxMail,
  insertOutboxMailOnce,
  listOutboxMail,
  recordDeliveryTry,
  selectDueMail,
  selectMailByKeyPrefix,
  type OutboxMailRow,
} from './repo.ts';

/** Delivery tries before the store gives up on a message (it stays in the outbox with its error). */
export const MAIL_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** A try in progress holds its message this long; a crash mid-try frees it for the retry job after. */
const DELIVERY_LEASE_MS = 5 * 60_000;
const RETRY_BATCH = 50;

/** 1, 2, 4 ... minutes after each failed try, at most an hour: 8 tries span about 2 hours. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface Mailer {
  /**
   * Stores the message and delivers it; a failed delivery is left to `retryDue`. With `onceKey`,
   * a message already stored under that key means this one is dropped: false is returned.
   */
  send(mail: OutgoingMail, options?: { onceKey?: string }): Promise<boolean>;
  /**
   * Tries the unsent messages due at `now` once more, starting new tries for at most `budgetMs`
   * (the `mail.retry` job, every minute; what is left waits for the next tick).
   */
  retryDue(now?: Date, budgetMs?: number): Promise<void>;
  outbox(options: { to?: string; limit?: number }): ReturnType<typeof listOutboxMail>;
  /** The messages of one order (sent under its once-keys), newest first: its admin timeline. */
  orderMail(orderId: string): ReturnType<typeof selectMailByKeyPrefix>;
  /**
   * Sends a stored message again as a new outbox message (an admin's resend); `within` runs in the
   * transaction that stores the copy (its audit event). False when there is no such message.
   */
  resend(mailId: number, within?: (tx: Db) => Promise<void>): Promise<boolean>;
  /** Messages the store gave up delivering. */
  undelivered(): Promise<number>;
}

function storedMail(row: OutboxMailRow): OutgoingMail {
  return {
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    attachments: row.attachments,
    headers: row.headers ?? undefined,
  };
}

/**
 * Every message is kept in the outbox. With the outbox-only transport, stored is sent. With a real
 * transport the row records each try; a failed one is tried again with backoff until it goes out
 * or `MAIL_MAX_ATTEMPTS` tries failed, when it stays unsent with its last error, logged once.
 */
export function createMailer(db: Db, transport: MailTransport, logger: Logger): Mailer {
  async function deliver(id: number, mail: OutgoingMail, attempts: number, now: Date) {
    try {
      await transport.deliver(mail);
      await recordDeliveryTry(db, id, { attempts, sentAt: new Date() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givingUp = attempts >= MAIL_MAX_ATTEMPTS;
      await recordDeliveryTry(db, id, {
        attempts,
        error: message,
        nextAttemptAt: givingUp ? null : new Date(now.getTime() + mailRetryDelayMs(attempts)),
      });
      if (givingUp)
        logger.error(
          { err: error, mailId: id, attempts },
          'mail delivery gave up: the message stays unsent in the outbox',
        );
      else logger.warn({ err: error, mailId: id, attempts }, 'mail delivery failed; it will be retried');
    }
  }

  // Outbox only: stored is sent. Otherwise due after the lease: if this process dies before
  // recording the try, the retry job sends it.
  const firstState = (now: Date) =>
    transport.name === 'outbox' ? { sentAt: now } : { nextAttemptAt: new Date(now.getTime() + DELIVERY_LEASE_MS) };

  return {
    async send(mail, options = {}) {
      const now = new Date();
      const state = firstState(now);
      const id = options.onceKey
        ? await insertOutboxMailOnce(db, options.onceKey, mail, transport.name, state)
        : await insertOutboxMail(db, mail, transport.name, state);
      if (id === null) return false;
      if (transport.name !== 'outbox') await deliver(id, mail, 1, now);
      return true;
    },
    async retryDue(now = new Date(), budgetMs = Infinity) {
      const deadline = performance.now() + budgetMs;
      for (const row of await selectDueMail(db, now, MAIL_MAX_ATTEMPTS, RETRY_BATCH)) {
        if (performance.now() > deadline) return;
        if (!(await claimDueMail(db, row.id, now, new Date(now.getTime() + DELIVERY_LEASE_MS)))) continue;
        await deliver(row.id, storedMail(row), row.attempts + 1, now);
      }
    },
    outbox: ({ to, limit = 50 }) => listOutboxMail(db, { to, limit }),
    orderMail: (orderId) => selectMailByKeyPrefix(db, `order:${orderId}:`),
    async resend(mailId, within) {
      const row = await findOutboxMail(db, mailId);
      if (!row) return false;
      const now = new Date();
      const mail = storedMail(row);
      const id = await inTransaction(db, async (tx) => {
        const stored = await insertOutboxMail(tx, mail, transport.name, firstState(now));
        await within?.(tx);
        return stored;
      });
      if (transport.name !== 'outbox') await deliver(id, mail, 1, now);
      return true;
    },
    undelivered: () => countUndeliveredMail(db),
  };
}
