import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Payment provider events and the sandbox provider's sessions and events: modules/payments.

/** Every webhook event handled, by the provider's own id: a replay finds its row and stops. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: text('order_id'),
    sessionId: text('session_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The built-in sandbox payment provider's own checkout sessions. */
export const sandboxPaymentSessions = pgTable('sandbox_payment_sessions', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  email: text('email').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  lineItems: jsonb('line_items').$type<{ name: string; unitAmountCents: number; quantity: number }[]>().notNull(),
  description: text('description').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** 'open', 'paid' or 'expired'. */
  status: text('status').notNull().default('open'),
  paymentRef: text('payment_ref').unique(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  /**
   * The idempotency keys of its refunds, so a retried refund answers the same refund; a payment
   * of a mixed checkout (ADR 081) is refunded order by order, each under its own key.
   */
  refundKeys: text('refund_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The sandbox provider's outgoing webhook events, one per closed session, stored with the closing
 * so a crash cannot separate them; delivered (signed afresh each attempt) until the store answers 2xx.
 */
export const sandboxPaymentEvents = pgTable(
  'sandbox_payment_events',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .unique()
      .references(() => sandboxPaymentSessions.id, { onDelete: 'cascade' }),
    /** 'checkout.session.completed' or 'checkout.session.expired'. */
    type: text('type').notNull(),
    /** The event JSON exactly as delivered; the signature is made over it at each attempt. */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_payment_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);
