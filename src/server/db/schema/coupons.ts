import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OrderKind } from '../../../domain/order.ts';
import { createdAt } from './columns.ts';
import { orders } from './orders.ts';

// Coupons, their redemptions and reservations (spec section 3): modules/coupons.

export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUsage: integer('max_usage'),
    usageCount: integer('usage_count').notNull().default(0),
    /** Uses held by checkouts waiting for payment (rows of coupon_reservations). */
    reservedCount: integer('reserved_count').notNull().default(0),
    amountOffCents: integer('amount_off_cents'),
    percentOff: integer('percent_off'),
    /** The product lines (order kinds) it applies to; null: every one. */
    kinds: text('kinds').array().$type<OrderKind[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    // Reservations and redemptions together stay within the limit; the reserving UPDATE already
    // guards it, this makes any other writer fail loudly too.
    check(
      'coupons_usage_within_limit',
      sql`${t.maxUsage} IS NULL OR ${t.usageCount} + ${t.reservedCount} <= ${t.maxUsage}`,
    ),
    check('coupons_reserved_not_negative', sql`${t.reservedCount} >= 0`),
    check('coupons_percent_range', sql`${t.percentOff} IS NULL OR (${t.percentOff} > 0 AND ${t.percentOff} <= 100)`),
    check('coupons_amount_positive', sql`${t.amountOffCents} IS NULL OR ${t.amountOffCents} > 0`),
  ],
);

export const couponRedemptions = pgTable('coupon_redemptions', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  couponCode: text('coupon_code')
    .notNull()
    .references(() => coupons.code),
  discountCents: integer('discount_cents').notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A coupon use held for an order waiting for payment: taken when its payment session opens,
 * released when the session expires or the order is cancelled, turned into the redemption at
 * payment. Counted in coupons.reserved_count, so reservations and redemptions never exceed max_usage.
 */
export const couponReservations = pgTable('coupon_reservations', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  couponCode: text('coupon_code')
    .notNull()
    .references(() => coupons.code),
  reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull().defaultNow(),
});
