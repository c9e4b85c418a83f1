import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type CouponRow = typeof t.coupons.$inferSelect;
export type NewCoupon = typeof t.coupons.$inferInsert;

/** Spec section 7: the row whose code equals the normalised code and that is active. */
export async function findActiveCoupon(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(t.coupons)
    .where(and(eq(t.coupons.code, code), eq(t.coupons.active, true)));
  return row ?? null;
}

/** Adds a coupon; false when its code exists (another request's, committed or about to be). */
export async function insertCoupon(db: Db, coupon: NewCoupon): Promise<boolean> {
  const inserted = await db.insert(t.coupons).values(coupon).onConflictDoNothing().returning({ code: t.coupons.code });
  return inserted.length > 0;
}

/** The coupon row, locked for the rest of the transaction (an admin's change beside a payment). */
export async function findCouponForUpdate(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(t.coupons).where(eq(t.coupons.code, code)).for('update');
  return row ?? null;
}

export async function updateCoupon(
  db: Db,
  code: string,
  change: Pick<NewCoupon, 'active' | 'expiresAt' | 'maxUsage' | 'kinds'>,
): Promise<void> {
  await db.update(t.coupons).set(change).where(eq(t.coupons.code, code));
}

/** Coupons (one, or all newest first) with the discount their redemptions gave. */
export function selectCouponsWithUsage(db: Db, code?: string) {
  return db
    .select({
      ...getTableColumns(t.coupons),
      discountGivenCents: sql<number>`coalesce((select sum(r.discount_cents) from coupon_redemptions r where r.coupon_code = ${t.coupons.code}), 0)::int`,
    })
    .from(t.coupons)
    .where(code ? eq(t.coupons.code, code) : undefined)
    .orderBy(desc(t.coupons.createdAt), asc(t.coupons.code));
}

export async function findCoupon(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(t.coupons).where(eq(t.coupons.code, code));
  return row ?? null;
}

/** A use is left when redemptions and reservations together are under the limit. */
const useLeft = sql`(${t.coupons.maxUsage} IS NULL OR ${t.coupons.usageCount} + ${t.coupons.reservedCount} < ${t.coupons.maxUsage})`;

/**
 * Takes one use of the coupon if one is left. A single conditional UPDATE: concurrent
 * payments queue on the row, and each re-checks the limit against the committed count.
 */
export async function incrementUsage(db: Db, code: string): Promise<boolean> {
  const rows = await db
    .update(t.coupons)
    .set({ usageCount: sql`${t.coupons.usageCount} + 1` })
    .where(and(eq(t.coupons.code, code), useLeft))
    .returning({ code: t.coupons.code });
  return rows.length > 0;
}

/**
 * Holds one use for an order if one is left: the same single conditional UPDATE as a
 * redemption, so concurrent checkouts queue on the coupon row and never over-reserve.
 * Run in the caller's transaction with the reservation row.
 */
export async function reserveUse(db: Db, code: string, orderId: string): Promise<boolean> {
  const rows = await db
    .update(t.coupons)
    .set({ reservedCount: sql`${t.coupons.reservedCount} + 1` })
    .where(and(eq(t.coupons.code, code), useLeft))
    .returning({ code: t.coupons.code });
  if (rows.length === 0) return false;
  await db.insert(t.couponReservations).values({ orderId, couponCode: code });
  return true;
}

/** Deletes the order's reservation and gives its use back; the coupon code, or null when there was none. */
export async function deleteReservation(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db
    .delete(t.couponReservations)
    .where(eq(t.couponReservations.orderId, orderId))
    .returning({ code: t.couponReservations.couponCode });
  if (!row) return null;
  await db
    .update(t.coupons)
    .set({ reservedCount: sql`${t.coupons.reservedCount} - 1` })
    .where(eq(t.coupons.code, row.code));
  return row.code;
}

/** Turns the order's reservation into a counted use; false when the order held none. */
export async function useReservation(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db
    .delete(t.couponReservations)
    .where(eq(t.couponReservations.orderId, orderId))
    .returning({ code: t.couponReservations.couponCode });
  if (!row) return false;
  await db
    .update(t.coupons)
    .set({ reservedCount: sql`${t.coupons.reservedCount} - 1`, usageCount: sql`${t.coupons.usageCount} + 1` })
    .where(eq(t.coupons.code, row.code));
  return true;
}

export async function countReservations(db: Db, code: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(t.couponReservations)
    .where(eq(t.couponReservations.couponCode, code));
  return row?.count ?? 0;
}

/** One redemption per order; false when the order already has one. */
export async function insertRedemption(db: Db, redemption: { orderId: string; code: string; discountCents: number }) {
  const rows = await db
    .insert(t.couponRedemptions)
    .values({ orderId: redemption.orderId, couponCode: redemption.code, discountCents: redemption.discountCents })
    .onConflictDoNothing()
    .returning({ orderId: t.couponRedemptions.orderId });
  return rows.length > 0;
}

export async function countRedemptions(db: Db, code: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(t.couponRedemptions)
    .where(eq(t.couponRedemptions.couponCode, code));
  return row?.count ?? 0;
}
