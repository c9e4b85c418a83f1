import {
  COUPON_MESSAGES,
  type CouponEffect,
  type CouponProblem,
  couponProblem,
  normalizeCouponCode,
} from '../../../domain/coupon.ts';
import type { ErrorCode } from '../../../domain/api-error.ts';
import type { OrderKind } from '../../../domain/order.ts';
import type { AdminCoupon, CouponUpdate } from '../../../domain/coupon.ts';
import { inTransaction } from '../../db/client.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import * as repo from './repo.ts';

export type { CouponEffect };
export type NewCoupon = repo.NewCoupon;

/** 404 for a code we do not know, 400 for one that cannot be used any more. */
const ERROR_CODE_OF: Record<Exclude<CouponProblem, 'failed'>, ErrorCode> = {
  invalid: 'COUPON_INVALID',
  expired: 'COUPON_EXPIRED',
  usageLimit: 'COUPON_USAGE_LIMIT',
  notForLine: 'COUPON_NOT_FOR_LINE',
  belowFloor: 'COUPON_BELOW_COST',
};

export function couponError(problem: Exclude<CouponProblem, 'failed'>): AppError {
  return new AppError(ERROR_CODE_OF[problem], COUPON_MESSAGES[problem]);
}

/**
 * Looks the coupon up by its trimmed, upper-cased code among active ones (spec section 7)
 * and answers its effect for a checkout of `kind`, or throws the message for why it cannot be used.
 */
export async function checkCoupon(db: Db, rawCode: string, kind: OrderKind, now = new Date()): Promise<CouponEffect> {
  const code = normalizeCouponCode(rawCode);
  const row = code ? await repo.findActiveCoupon(db, code) : null;
  const problem = couponProblem(
    row && {
      expires_at: row.expiresAt?.toISOString() ?? null,
      max_usage: row.maxUsage,
      // Uses held by checkouts waiting for payment are not on offer either.
      usage_count: row.usageCount + row.reservedCount,
      kinds: row.kinds,
    },
    now,
    kind,
  );
  if (problem === 'failed') throw new AppError('INTERNAL');
  if (problem || !row) throw couponError(problem ?? 'invalid');
  return { code: row.code, percent_off: row.percentOff, amount_off_cents: row.amountOffCents };
}

/**
 * Holds one use of the coupon for an order about to be paid, in the caller's transaction;
 * throws the spec's usage-limit error when none is left (reservations count against the limit).
 */
export async function reserveCoupon(tx: Db, reservation: { code: string; orderId: string }): Promise<void> {
  if (!(await repo.reserveUse(tx, reservation.code, reservation.orderId))) throw couponError('usageLimit');
}

/** Gives the order's held use back (its checkout expired or was cancelled); false when it held none. */
export async function releaseCoupon(tx: Db, orderId: string): Promise<boolean> {
  return (await repo.deleteReservation(tx, orderId)) !== null;
}

/**
 * Redeems one use for a paid order, in the caller's transaction: the order's reservation
 * becomes the use; without one (a payment after the checkout closed) a use is taken if one is
 * left. False when none was (the limit holds under concurrent payments: see repo.incrementUsage).
 */
export async function redeemCoupon(
  tx: Db,
  redemption: { code: string; orderId: string; discountCents: number },
): Promise<boolean> {
  const used = (await repo.useReservation(tx, redemption.orderId)) || (await repo.incrementUsage(tx, redemption.code));
  if (!used) return false;
  await repo.insertRedemption(tx, redemption);
  return true;
}

/** A new coupon (admin API and tests). Codes are stored normalised and are unique. */
export async function createCoupon(db: Db, coupon: NewCoupon) {
  const code = normalizeCouponCode(coupon.code);
  // One insert decides, so two requests for one code at once get one coupon and one 409.
  if (!(await repo.insertCoupon(db, { ...coupon, code }))) {
    const message = `A coupon with the code ${code} already exists.`;
    throw new AppError('CONFLICT', message, { code: [message] });
  }
}

function adminCoupon(row: repo.CouponRow & { discountGivenCents: number }): AdminCoupon {
  return {
    code: row.code,
    active: row.active,
    percent_off: row.percentOff,
    amount_off_cents: row.amountOffCents,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_usage: row.maxUsage,
    kinds: row.kinds,
    usage_count: row.usageCount,
    reserved_count: row.reservedCount,
    discount_given_cents: row.discountGivenCents,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** Every coupon, newest first, with its uses, held uses and the discount it has given. */
export async function listCoupons(db: Db): Promise<AdminCoupon[]> {
  return (await repo.selectCouponsWithUsage(db)).map(adminCoupon);
}

/**
 * Changes what may change of a coupon (on or off, expiry, limit, product lines), with `within`
 * (its audit event) in the same transaction; answers the coupon before and after. A limit below
 * the uses already taken or held is refused: it would take back what was sold.
 */
export async function updateCoupon(
  db: Db,
  rawCode: string,
  change: CouponUpdate,
  within?: (tx: Db, before: AdminCoupon, after: AdminCoupon) => Promise<void>,
): Promise<AdminCoupon> {
  const code = normalizeCouponCode(rawCode);
  return inTransaction(db, async (tx) => {
    const before = await repo.findCouponForUpdate(tx, code);
    if (!before) throw new AppError('NOT_FOUND', `No coupon has the code ${code}.`);
    const used = before.usageCount + before.reservedCount;
    if (change.max_usage !== null && change.max_usage < used) {
      const message = `It has been used or held ${used} times: the limit cannot be lower.`;
      throw new AppError('VALIDATION_FAILED', message, { max_usage: [message] });
    }
    await repo.updateCoupon(tx, code, {
      active: change.active,
      expiresAt: change.expires_at ? new Date(change.expires_at) : null,
      maxUsage: change.max_usage,
      kinds: change.kinds,
    });
    const rows = await repo.selectCouponsWithUsage(tx, code);
    const after = rows[0];
    if (!after) throw new AppError('NOT_FOUND');
    const beforeView = adminCoupon({ ...before, discountGivenCents: after.discountGivenCents });
    const afterView = adminCoupon(after);
    await within?.(tx, beforeView, afterView);
    return afterView;
  });
}

export async function couponUsage(db: Db, code: string) {
  const row = await repo.findCoupon(db, normalizeCouponCode(code));
  return { usageCount: row?.usageCount ?? 0, redemptions: await repo.countRedemptions(db, normalizeCouponCode(code)) };
}

/** Uses held by checkouts waiting for payment (tests and the admin view). */
export async function couponReservations(db: Db, code: string) {
  const row = await repo.findCoupon(db, normalizeCouponCode(code));
  return {
    reservedCount: row?.reservedCount ?? 0,
    reservations: await repo.countReservations(db, normalizeCouponCode(code)),
  };
}
