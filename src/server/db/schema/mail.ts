import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Mail outbox (every message stored; SMTP delivery recorded on the row) and once-keys: modules/mail.

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // Kept whole (base64) so a stored message is complete, e.g. the eSIM receipt's QR code images.
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; contentBase64: string; contentId?: string }[]>()
      .notNull()
      .default([]),
    /** Extra message headers, e.g. the newsletter's List-Unsubscribe; kept so a retried message carries them. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last delivery failure; kept when the store gives up on the message. */
    error: text('error'),
    /** Delivery tries so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When the retry job may try an unsent message (again); null once sent or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);

/**
 * Messages sent at most once, by a key naming the occasion (e.g. `order:<id>:completed`): the key
 * and its outbox row are written in one transaction, so a repeated step never mails twice (ADR 044).
 */
export const mailOnceKeys = pgTable(
  'mail_once_keys',
  {
    key: text('key').primaryKey(),
    mailId: integer('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // An order's emails by their key's prefix (`order:<id>:`) for the admin timeline, in any collation.
  (t) => [index('mail_once_keys_prefix_idx').on(t.key.op('text_pattern_ops'))],
);
