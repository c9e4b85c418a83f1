import { and, asc, count, desc, eq, isNull, like, lt, lte } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client.ts';
import { mailOnceKeys, mailOutbox } from '../../db/schema.ts';
import type { OutgoingMail } from '../../integrations/mail/transport.ts';

export type OutboxMailRow = typeof mailOutbox.$inferSelect;

/** Stores a message: already sent (`sentAt`), or due for the retry job at `nextAttemptAt` unless marked first. */
export async function insertOutboxMail(
  db: Db,
  mail: OutgoingMail,
  transport: string,
  state: { sentAt?: Date; nextAttemptAt?: Date },
): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [...(mail.attachments ?? [])],
      headers: mail.headers ? { ...mail.headers } : null,
      transport,
      sentAt: state.sentAt,
      nextAttemptAt: state.nextAttemptAt,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

/**
 * Stores a message only if no message was stored under `onceKey` before: the key and the row are
 * written together, so of two callers with one key exactly one gets an id (the other null).
 */
export function insertOutboxMailOnce(
  db: Db,
  onceKey: string,
  mail: OutgoingMail,
  transport: string,
  state: { sentAt?: Date; nextAttemptAt?: Date },
): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    const id = await insertOutboxMail(tx, mail, transport, state);
    const [claimed] = await tx
      .insert(mailOnceKeys)
      .values({ key: onceKey, mailId: id })
      .onConflictDoNothing()
      .returning({ key: mailOnceKeys.key });
    if (claimed) return id;
    await tx.delete(mailOutbox).where(eq(mailOutbox.id, id));
    return null;
  });
}

/** Records one delivery try: sent, or failed with when to try again (null: never). */
export async function recordDeliveryTry(
  db: Db,
  id: number,
  result: { attempts: number } & ({ sentAt: Date } | { error: string; nextAttemptAt: Date | null }),
) {
  await db
    .update(mailOutbox)
    .set(
      'sentAt' in result
        ? { attempts: result.attempts, sentAt: result.sentAt, error: null, nextAttemptAt: null }
        : { attempts: result.attempts, error: result.error, nextAttemptAt: result.nextAttemptAt },
    )
    .where(eq(mailOutbox.id, id));
}

/** Unsent messages due at `now` with tries left, oldest first. */
export function selectDueMail(db: Db, now: Date, maxAttempts: number, limit: number): Promise<OutboxMailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now), lt(mailOutbox.attempts, maxAttempts)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit);
}

/**
 * Takes a due message for one try: moves its next attempt to `leaseUntil`, only if it is still
 * due, so two instances never send it at once and a try cut short by a crash is picked up later.
 */
export async function claimDueMail(db: Db, id: number, now: Date, leaseUntil: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: leaseUntil })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

export async function listOutboxMail(db: Db, options: { to?: string; limit: number }) {
  const query = db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(options.limit);
  return options.to ? query.where(eq(mailOutbox.toAddress, options.to)) : query;
}

/** The messages sent under once-keys starting with `prefix` (an order's: `order:<id>:`), newest first. */
export function selectMailByKeyPrefix(db: Db, prefix: string) {
  return db
    .select({
      id: mailOutbox.id,
      key: mailOnceKeys.key,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      sentAt: mailOutbox.sentAt,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOnceKeys)
    .innerJoin(mailOutbox, eq(mailOutbox.id, mailOnceKeys.mailId))
    .where(like(mailOnceKeys.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`))
    .orderBy(desc(mailOutbox.id));
}

export async function findOutboxMail(db: Db, id: number): Promise<OutboxMailRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** How many messages the store gave up delivering (unsent, no further try planned). */
export async function countUndeliveredMail(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.nextAttemptAt)));
  return row?.n ?? 0;
}
