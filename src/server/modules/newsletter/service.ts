import { createHash, randomBytes } from 'node:crypto';
import { UNSUBSCRIBE_TOKEN_BYTES } from '../../../domain/newsletter.ts';
import { NEWSLETTER_MESSAGES, type NewsletterAnswer } from '../../../domain/newsletter-texts.ts';
import type { SubscriberList } from '../../../domain/admin-inbox.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../mail/service.ts';
import * as repo from './repo.ts';
import { welcomeMail } from './welcome-email.tsx';

export interface NewsletterDeps {
  readonly db: Db;
  readonly mailer: Mailer;
  readonly publicUrl: string;
}

/** Only the hash is stored: whoever reads the table cannot unsubscribe anyone. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Spec section 7: a new address is subscribed and welcomed; an unsubscribed one is subscribed
 * again and welcomed with a fresh link; a subscribed one is told so and sent nothing, so the form
 * cannot be used to fill someone's inbox (only they can unsubscribe, with the emailed link).
 */
export async function subscribe(deps: NewsletterDeps, email: string): Promise<NewsletterAnswer> {
  const token = randomBytes(UNSUBSCRIBE_TOKEN_BYTES).toString('base64url');
  if (await repo.insertSubscriber(deps.db, email, tokenHash(token))) {
    await deps.mailer.send(await welcomeMail(deps.publicUrl, email, token));
    return { message: NEWSLETTER_MESSAGES.subscribed };
  }
  if (await repo.resubscribe(deps.db, email, tokenHash(token))) {
    await deps.mailer.send(await welcomeMail(deps.publicUrl, email, token));
    return { resubscribed: true, message: NEWSLETTER_MESSAGES.resubscribed };
  }
  return { already_subscribed: true, message: NEWSLETTER_MESSAGES.alreadySubscribed };
}

/** The one-click link's work; a link that never existed is a 404, one used before says so kindly. */
export async function unsubscribe(db: Db, token: string): Promise<{ message: string; already_unsubscribed?: true }> {
  const result = await repo.unsubscribeByTokenHash(db, tokenHash(token));
  if (result === 'unknown') throw new AppError('NOT_FOUND', NEWSLETTER_MESSAGES.unknownLink);
  return result === 'already'
    ? { already_unsubscribed: true, message: NEWSLETTER_MESSAGES.alreadyUnsubscribed }
    : { message: NEWSLETTER_MESSAGES.unsubscribed };
}

export { findSubscriber } from './repo.ts';

/** Subscribers for the admin area (newest first, at most `limit`), with the counts in and out. */
export async function listSubscribers(db: Db, options: { q?: string; limit: number }): Promise<SubscriberList> {
  const { rows, subscribed, unsubscribed } = await repo.selectSubscribers(db, options);
  return {
    subscribed,
    unsubscribed,
    subscribers: rows.map((row) => ({
      email: row.email,
      subscribed_at: new Date(row.subscribedAt).toISOString(),
      unsubscribed_at: row.unsubscribedAt ? new Date(row.unsubscribedAt).toISOString() : null,
    })),
  };
}

/** Every address subscribed now, as CSV (RFC 4180) with its subscription time: the export. */
export async function subscribersCsv(db: Db): Promise<string> {
  const { rows } = await repo.selectSubscribers(db, {});
  // Quoted, and a leading = + - @ defused, so a spreadsheet never runs an address as a formula (OWASP).
  const quoted = (text: string) => `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
  const lines = rows
    .filter((row) => row.unsubscribedAt === null)
    .map((row) => `${quoted(row.email)},${new Date(row.subscribedAt).toISOString()}`);
  return ['email,subscribed_at', ...lines].join('\r\n') + '\r\n';
}
