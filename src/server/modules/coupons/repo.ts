import { and, eq, sql } from 'drizzle-orm';
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

export async function insertCoupon(db: Db, coupon: NewCoupon) {
  await db.insert(t.coupons).values(coupon);
}

export async function findCoupon(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(t.coupons).where(eq(t.coupons.code, code));
  return row ?? null;
}

/**
 * Takes one use of the coupon if one is left. A single conditional UPDATE: concurrent
 * payments queue on the row, and each re-checks the limit against the committed count.
 */
export async function incrementUsage(db: Db, code: string): Promise<boolean> {
  const rows = await db
    .update(t.coupons)
    .set({ usageCount: sql`${t.coupons.usageCount} + 1` })
    .where(
      and(
        eq(t.coupons.code, code),
        sql`(${t.coupons.maxUsage} IS NULL OR ${t.coupons.usageCount} < ${t.coupons.maxUsage})`,
      ),
    )
    .returning({ code: t.coupons.code });
  return rows.length > 0;
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
