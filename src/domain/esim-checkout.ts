import { z } from 'zod';
import { MAX_PACKAGE_QUANTITY, type CartItem } from './cart.ts';
import {
  CART_EMPTY,
  CHECKOUT_EMAIL_INVALID,
  CHECKOUT_FAILED,
  NO_CHECKOUT_URL,
  isValidCheckoutEmail,
} from './checkout-email.ts';
import { EMAIL_MAX } from './email.ts';
import { ORDER_KINDS } from './order.ts';
import { COUPON_MESSAGES, type CouponEffect, type CouponMessage } from './coupon.ts';
import { TEXT_MAX, boundedText } from './text.ts';

/** Spec section 9: the device type sent at checkout is always ios. */
export const ESIM_DEVICE_TYPE = 'ios';

/** Longest coupon code accepted; real codes are far shorter. */
export const COUPON_CODE_MAX = 64;
/** Most distinct packages one checkout takes. */
export const MAX_CHECKOUT_LINES = 50;

const couponCodeSchema = boundedText(COUPON_CODE_MAX).trim().toUpperCase();

/** A cart line as the server reads it: the package and how many; prices come from the catalogue. */
export const checkoutItemSchema = z.object({
  package_id: boundedText(TEXT_MAX.name).trim().min(1),
  quantity: z.number().int().min(1).max(MAX_PACKAGE_QUANTITY),
});

/** Spec section 3 "Checkout request". */
export const checkoutRequestSchema = z.object({
  email: boundedText(EMAIL_MAX, { error: CHECKOUT_EMAIL_INVALID, tooLong: CHECKOUT_EMAIL_INVALID })
    .trim()
    .refine(isValidCheckoutEmail, { message: CHECKOUT_EMAIL_INVALID }),
  items: z.array(checkoutItemSchema, { error: CART_EMPTY }).min(1, CART_EMPTY).max(MAX_CHECKOUT_LINES),
  device_type: z.literal(ESIM_DEVICE_TYPE),
  /** Trimmed and upper-cased; '' means no coupon (spec section 5). */
  coupon_code: couponCodeSchema.optional(),
});

export type CheckoutItem = z.infer<typeof checkoutItemSchema>;
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** The checkout request's items for a cart: ids and quantities only. */
export function checkoutItemsFromCart(items: readonly CartItem[]): CheckoutItem[] {
  return items.map((item) => ({ package_id: item.package_id, quantity: item.quantity }));
}

// Only a web address is ever followed: a javascript: or data: URL in the answer is no payment page.
const paymentUrlSchema = z.url({ protocol: /^https?$/ });

/** Spec section 7 "eSIM checkout creation": the answer carries url or error. */
export const checkoutAnswerSchema = z.union([
  z.object({ url: paymentUrlSchema }),
  z.object({ error: z.string().min(1) }),
]);

export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

export type CheckoutOutcome =
  | { readonly kind: 'redirect'; readonly url: string }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Spec sections 7 and 8: go to the url; else show the server's error, or 'No checkout URL
 * received'. A failed call itself shows CHECKOUT_FAILED (the caller's catch).
 */
export function checkoutOutcome(answer: unknown): CheckoutOutcome {
  const withUrl = z.object({ url: paymentUrlSchema }).safeParse(answer);
  if (withUrl.success) return { kind: 'redirect', url: withUrl.data.url };
  const withError = z.object({ error: z.string().trim().min(1) }).safeParse(answer);
  if (withError.success) return { kind: 'error', message: withError.data.error };
  return { kind: 'error', message: NO_CHECKOUT_URL };
}

/** Spec section 8 "Checkout": the server's error message when it sent one, else 'Failed to create checkout session'. */
export function checkoutFailureMessage(serverMessage: string | null | undefined): string {
  return serverMessage?.trim() || CHECKOUT_FAILED;
}

/** Spec section 7 "Coupon lookup": the code as typed; the server trims and upper-cases it. */
export const couponValidateRequestSchema = z.object({
  code: couponCodeSchema.min(1, COUPON_MESSAGES.invalid),
  /** The product line of the checkout it is for (a coupon may be kept to some); left out: eSIM. */
  kind: z.enum(ORDER_KINDS).optional(),
  /** An unlock's quote: the coupon is refused where it would take that sale below its cost plus the minimum margin. */
  quote_id: z.uuid().optional(),
});

const couponMessages = Object.values(COUPON_MESSAGES) as [CouponMessage, ...CouponMessage[]];

/** A coupon's effect on the cart, or why it cannot be used (spec section 8). */
export const couponValidateAnswerSchema = z.union([
  z.object({
    code: z.string().min(1),
    percent_off: z.number().positive().max(100).nullable(),
    amount_off_cents: z.number().int().positive().nullable(),
  }),
  z.object({ error: z.enum(couponMessages) }),
]);

export type CouponValidateAnswer = z.infer<typeof couponValidateAnswerSchema>;

export type CouponOutcome =
  | { readonly kind: 'applied'; readonly coupon: CouponEffect }
  | { readonly kind: 'error'; readonly message: CouponMessage };

/** The coupon box's next state from an answer; anything unexpected is 'Failed to validate coupon'. */
export function couponOutcome(answer: unknown): CouponOutcome {
  const parsed = couponValidateAnswerSchema.safeParse(answer);
  if (!parsed.success) return { kind: 'error', message: COUPON_MESSAGES.failed };
  if ('error' in parsed.data) return { kind: 'error', message: parsed.data.error };
  return { kind: 'applied', coupon: parsed.data };
}

/** A refused or failed coupon call as the coupon box shows it: one of the spec's four messages. */
export function couponFailureMessage(serverMessage: string | null | undefined): CouponMessage {
  return couponMessages.find((message) => message === serverMessage) ?? COUPON_MESSAGES.failed;
}

/** The LPA activation code of an eSIM profile (GSMA SGP.22): `LPA:1$<SM-DP+ address>$<matching id>`. */
export function lpaString(smdpAddress: string, matchingId: string): string {
  return `LPA:1$${smdpAddress}$${matchingId}`;
}

/** Apple's one-tap eSIM install link (iOS 17.4 and later) for an LPA string. */
export function iosInstallLink(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${lpa}`;
}
