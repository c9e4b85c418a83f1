import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Newsletter subscribers (one row per address; unsubscribed rows kept): modules/newsletter.

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  /** Lower-cased and trimmed: one person is one address. */
  email: text('email').notNull().unique(),
  /** SHA-256 of the unsubscribe link's token (base64url); a new token with every welcome email. */
  unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set while unsubscribed; cleared on resubscribing. */
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: createdAt(),
});
