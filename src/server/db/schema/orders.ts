import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ORDER_KINDS,
  ORDER_STATUSES,
  type OrderKind,
  type OrderStatus,
  PAYABLE_STATUSES,
} from '../../../domain/order.ts';
import { createdAt, updatedAt, sqlList } from './columns.ts';
import { user } from './accounts.ts';

// Orders, their items, history (events) and share links: modules/orders.

export const orders = pgTable(
  'orders',
  {
    /** A UUID; its first 8 hex characters are the short id customers see. */
    id: text('id').primaryKey(),
    kind: text('kind').$type<OrderKind>().notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull(),
    currency: text('currency').notNull().default('USD'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    couponCode: text('coupon_code'),
    /**
     * The first order of a checkout that placed several orders under one payment (a mixed cart,
     * ADR 081), on each of them; null for an order paid alone. Only that first order holds the
     * payment session; its payment settles, and its expiry closes, all of them.
     */
    checkoutId: text('checkout_id'),
    paymentProvider: text('payment_provider'),
    paymentSessionId: text('payment_session_id'),
    /** When the payment session runs out: an order still unpaid then is expired by a job. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    paymentRef: text('payment_ref'),
    /** How often reconciliation has asked the provider about its session, and when it asks next (backing off). */
    paymentChecks: integer('payment_checks').notNull().default(0),
    paymentNextCheckAt: timestamp('payment_next_check_at', { withTimezone: true }),
    refundRef: text('refund_ref'),
    /** Random secret of the guest links (receipt, tracking). */
    accessToken: text('access_token').notNull(),
    /**
     * The step number of the order's one live fulfilment job chain (ADR 067): a job of another
     * number is stale and ends; only the run that moves it on queues the next job.
     */
    fulfilmentStep: integer('fulfilment_step').notNull().default(0),
    /** When the chain's next job should have run; long past it, the chain is started again. */
    fulfilmentDueAt: timestamp('fulfilment_due_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_email_idx').on(t.email),
    // Order lookup and the guest upgrade find a person's orders whatever case the email was typed in.
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    index('orders_user_idx').on(t.userId),
    index('orders_checkout_idx')
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} IS NOT NULL`),
    // The admin lists (ADR 073): newest first, keyset on (created_at, id), whole or by kind or state.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_kind_created_idx').on(t.kind, t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('orders_payment_session_uq').on(t.paymentProvider, t.paymentSessionId),
    // Only unpaid orders carry a deadline the expiry job looks for.
    index('orders_unpaid_expiry_idx')
      .on(t.paymentExpiresAt)
      .where(sql`${t.status} = 'pending_payment'`),
    // Reconciliation reads the checkouts still payable whose next look is due (ADR 082).
    index('orders_payment_check_idx')
      .on(t.paymentProvider, t.paymentNextCheckAt, t.createdAt)
      .where(sql`${t.paymentSessionId} IS NOT NULL AND ${t.status} IN (${sqlList(PAYABLE_STATUSES)})`),
    index('orders_fulfilment_due_idx')
      .on(t.fulfilmentDueAt)
      .where(sql`${t.fulfilmentDueAt} IS NOT NULL`),
    check('orders_kind_known', sql`${t.kind} IN (${sqlList(ORDER_KINDS)})`),
    check('orders_status_known', sql`${t.status} IN (${sqlList(ORDER_STATUSES)})`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** What was bought: an eSIM package id now, a quote id for unlocks. */
    productRef: text('product_ref').notNull(),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** A snapshot of the product as sold (data, validity, countries), kept when the catalogue changes. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /**
     * When the event was handed to its subscribers' job queues (ADR 069): null until then. Written
     * with the state change, relayed once (the relay claims it in the transaction that queues the jobs).
     */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    index('order_events_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} IS NULL`),
    check('order_events_status_known', sql`${t.status} IN (${sqlList(ORDER_STATUSES)})`),
  ],
);

export const orderShareLinks = pgTable(
  'order_share_links',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 192 random bits, base64url: the link's only secret. */
    token: text('token').notNull(),
    createdAt: createdAt(),
    /** Set when the owner revokes the link; a revoked link answers like one that never existed. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('order_share_links_token_uq').on(t.token), index('order_share_links_order_idx').on(t.orderId)],
);
