import { z } from 'zod';
import { ORDER_KINDS, type OrderKind } from './order.ts';
import { TEXT_MAX, boundedText, columnInteger } from './text.ts';

/**
 * Spec section 8 "Coupon"; `notForLine` and `belowFloor` are ours: the spec's coupons apply to
 * everything, ours may be kept to some product lines (issue 25) and never take a sale below its
 * cost plus the minimum margin (issue 44).
 */
export const COUPON_MESSAGES = {
  invalid: 'Invalid coupon code',
  expired: 'This coupon has expired',
  usageLimit: 'This coupon has reached its usage limit',
  notForLine: 'This coupon cannot be used for this product',
  /** Ours (issue 44): a sale never goes below its cost plus the minimum margin; the figure stays private. */
  belowFloor: 'This coupon cannot be used on this order: it would take the price below what the service costs us',
  failed: 'Failed to validate coupon',
} as const;

/** The product lines a coupon can be kept to: every kind a page sells. */
export const COUPON_KINDS = ORDER_KINDS.filter((kind) => kind !== 'sample');

export type CouponProblem = keyof typeof COUPON_MESSAGES;
export type CouponMessage = (typeof COUPON_MESSAGES)[CouponProblem];

/** Spec section 9: the processing fee is shown as $0.00. */
export const PROCESSING_FEE_CENTS = 0;

/** A row of the coupons table (spec section 3). */
export interface Coupon {
  readonly code: string;
  readonly active: boolean;
  /** ISO 8601 instant, or null for a coupon that never expires. */
  readonly expires_at: string | null;
  /** Null: no limit. */
  readonly max_usage: number | null;
  readonly usage_count: number;
  readonly amount_off_cents: number | null;
  readonly percent_off: number | null;
  /** The product lines it applies to; null: every one. */
  readonly kinds: readonly OrderKind[] | null;
}

/** What a coupon does to a cart: the part of the row a shopper may see. */
export type CouponEffect = Pick<Coupon, 'code' | 'percent_off' | 'amount_off_cents'>;

/** The fields that decide whether a coupon can be used; `active` may be left out when the lookup already kept active ones only. */
export type CouponLimits = Pick<Coupon, 'expires_at' | 'max_usage' | 'usage_count'> & {
  readonly active?: boolean;
  readonly kinds?: readonly OrderKind[] | null;
};

/** Spec section 5 "Coupon": trimmed and upper-cased; '' means no coupon. */
export function normalizeCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Why the coupon cannot be used (spec section 8), or null when it can. */
export function couponProblem(coupon: CouponLimits | null, now: Date, kind?: OrderKind): CouponProblem | null {
  if (!coupon || coupon.active === false) return 'invalid';
  if (kind && coupon.kinds && !coupon.kinds.includes(kind)) return 'notForLine';
  if (coupon.expires_at !== null) {
    const expiresAt = Date.parse(coupon.expires_at);
    // An expiry we cannot read is treated as passed: a coupon is never honoured by mistake.
    if (Number.isNaN(expiresAt) || expiresAt < now.getTime()) return 'expired';
  }
  if (coupon.max_usage !== null && coupon.usage_count >= coupon.max_usage) return 'usageLimit';
  return null;
}

/**
 * Spec section 9: a percent coupon takes that percent off the subtotal (rounded half up to a cent),
 * a fixed one its amount_off_cents; never more than the subtotal.
 */
export function couponDiscountCents(
  subtotalCents: number,
  coupon: Pick<Coupon, 'percent_off' | 'amount_off_cents'>,
): number {
  let discount = 0;
  if (coupon.percent_off !== null && coupon.percent_off > 0) {
    discount = Math.floor((subtotalCents * coupon.percent_off) / 100 + 0.5);
  } else if (coupon.amount_off_cents !== null && coupon.amount_off_cents > 0) {
    discount = Math.round(coupon.amount_off_cents);
  }
  return Math.max(0, Math.min(discount, subtotalCents));
}

export interface CheckoutTotals {
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly processingFeeCents: number;
  readonly totalCents: number;
}

/** The checkout dialog's totals (spec section 2): subtotal, discount, processing fee and total, never below 0. */
export function checkoutTotals(
  subtotalCents: number,
  coupon: Pick<Coupon, 'percent_off' | 'amount_off_cents'> | null,
): CheckoutTotals {
  const discountCents = coupon ? couponDiscountCents(subtotalCents, coupon) : 0;
  return {
    subtotalCents,
    discountCents,
    processingFeeCents: PROCESSING_FEE_CENTS,
    totalCents: Math.max(0, subtotalCents - discountCents + PROCESSING_FEE_CENTS),
  };
}

/**
 * The totals of a cart of eSIMs and licenses (ADR 081): the coupon takes its discount off the
 * eSIMs, or off the licenses when the cart holds no eSIM, as the server applies it to that order.
 */
export function cartCheckoutTotals(
  esimSubtotalCents: number,
  licenseSubtotalCents: number,
  coupon: Pick<Coupon, 'percent_off' | 'amount_off_cents'> | null,
): CheckoutTotals {
  const discounted = checkoutTotals(esimSubtotalCents > 0 ? esimSubtotalCents : licenseSubtotalCents, coupon);
  const rest = esimSubtotalCents > 0 ? licenseSubtotalCents : 0;
  return {
    subtotalCents: discounted.subtotalCents + rest,
    discountCents: discounted.discountCents,
    processingFeeCents: discounted.processingFeeCents,
    totalCents: discounted.totalCents + rest,
  };
}

/** POST /api/admin/coupons: a new coupon takes a percent or a fixed amount off, never both. */
export const couponCreateSchema = z
  .object({
    code: boundedText(TEXT_MAX.name)
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{2,32}$/, 'Use 2 to 32 letters, digits, hyphens or underscores'),
    percent_off: z.number().int().min(1).max(100).nullable().default(null),
    amount_off_cents: columnInteger(1).nullable().default(null),
    expires_at: boundedText(TEXT_MAX.name)
      .pipe(z.iso.datetime({ offset: true }))
      .nullable()
      .default(null),
    max_usage: columnInteger(1).nullable().default(null),
    /** The product lines it applies to; null (or left out): every one. */
    kinds: z
      .array(z.enum(COUPON_KINDS as [OrderKind, ...OrderKind[]]))
      .min(1, 'Pick at least one product line, or leave the coupon for every line')
      .max(COUPON_KINDS.length)
      .nullable()
      .default(null),
  })
  .refine((coupon) => (coupon.percent_off === null) !== (coupon.amount_off_cents === null), {
    message: 'Give either percent_off or amount_off_cents',
    path: ['percent_off'],
  });

export type CouponCreate = z.infer<typeof couponCreateSchema>;

/** PATCH /api/admin/coupons/:code: what may change once a coupon is out (its discount stays as sold). */
export const couponUpdateSchema = z.object({
  active: z.boolean(),
  expires_at: boundedText(TEXT_MAX.name)
    .pipe(z.iso.datetime({ offset: true }))
    .nullable(),
  max_usage: columnInteger(1).nullable(),
  kinds: z
    .array(z.enum(COUPON_KINDS as [OrderKind, ...OrderKind[]]))
    .min(1, 'Pick at least one product line, or leave the coupon for every line')
    .max(COUPON_KINDS.length)
    .nullable(),
});
export type CouponUpdate = z.infer<typeof couponUpdateSchema>;

/** A coupon as the admin area lists it, with how it has been used. */
export const adminCouponSchema = z.object({
  code: z.string(),
  active: z.boolean(),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  max_usage: z.number().int().nullable(),
  kinds: z.array(z.enum(ORDER_KINDS)).nullable(),
  usage_count: z.number().int(),
  reserved_count: z.number().int(),
  discount_given_cents: z.number().int(),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponListSchema = z.object({ coupons: z.array(adminCouponSchema) });
export type AdminCouponList = z.infer<typeof adminCouponListSchema>;
