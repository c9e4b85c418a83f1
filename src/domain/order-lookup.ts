import { z } from 'zod';
import { emailAddressSchema } from './email.ts';
import { ORDER_KINDS, ORDER_STATUSES, type OrderKind } from './order.ts';
import { orderKind } from './kinds/index.ts';
import { TEXT_MAX, boundedText } from './text.ts';

/** Spec section 5 "Order lookup", word for word. */
export const ORDER_LOOKUP_MESSAGES = {
  required: 'Order ID or IMEI is required',
  invalid: "Enter a valid Order ID (8 characters like 'a1b2c3d4') or IMEI (15 digits)",
} as const;

/** The one answer to a wrong email and to an order that does not exist (nothing tells them apart). */
export const ORDER_LOOKUP_NO_MATCH =
  'We could not find an order with that email and Order ID or IMEI. Check both against your order email and try again.';

/** The most orders one lookup lists (an IMEI unlocked more than once lists each order). */
export const ORDER_LOOKUP_LIMIT = 20;

/** How many leading digits identify a device: 14 (type allocation code and serial), before the check or version digits. */
export const IMEI_IDENTITY_DIGITS = 14;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHORT_ID = /^[0-9a-f]{8}$/i;
const IMEI = /^\d{14,17}$/;

/** What a customer typed in the Order ID or IMEI field, once recognised. */
export type OrderReference =
  | { readonly kind: 'imei'; readonly imei: string }
  | { readonly kind: 'order_id'; readonly id: string }
  | { readonly kind: 'short_id'; readonly prefix: string };

/**
 * Spec section 9: an IMEI of 14-17 digits, a full UUID, or the 8 hex characters shown as
 * "Order #a1b2c3d4" (so a leading '#' is allowed); null for anything else.
 */
export function parseOrderReference(value: string): OrderReference | null {
  const text = value.trim().replace(/^#/, '');
  if (IMEI.test(text)) return { kind: 'imei', imei: text };
  if (UUID.test(text)) return { kind: 'order_id', id: text.toLowerCase() };
  if (SHORT_ID.test(text)) return { kind: 'short_id', prefix: text.toLowerCase() };
  return null;
}

/** POST /api/orders/lookup and the /track-order form (spec section 3 "Order lookup"). */
export const orderLookupRequestSchema = z.object({
  email: emailAddressSchema,
  order_id_or_imei: boundedText(TEXT_MAX.name, {
    error: ORDER_LOOKUP_MESSAGES.required,
    tooLong: ORDER_LOOKUP_MESSAGES.invalid,
  })
    .trim()
    .min(1, { message: ORDER_LOOKUP_MESSAGES.required, abort: true })
    .refine((value) => parseOrderReference(value) !== null, ORDER_LOOKUP_MESSAGES.invalid),
});
export type OrderLookupRequest = z.infer<typeof orderLookupRequestSchema>;

/** One order a lookup found: enough to recognise it, and the link to its page. */
export const lookedUpOrderSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  /** The first item's name, e.g. 'Carrier unlock: Apple iPhone 15 (AT&T)'. */
  title: z.string(),
  total_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  /** First 8 digits, three asterisks, last 4; null for orders without a device. */
  imei_masked: z.string().nullable(),
  /** The order's page with its access token: the same link its emails carry. */
  href: z.string(),
});
export type LookedUpOrder = z.infer<typeof lookedUpOrderSchema>;

/** Empty for a wrong email and for a missing order alike. */
export const orderLookupAnswerSchema = z.object({ orders: z.array(lookedUpOrderSchema) });
export type OrderLookupAnswer = z.infer<typeof orderLookupAnswerSchema>;

/** Where an order is followed: its kind's page (an eSIM's receipt, every other kind's order page). */
export function orderPageHref(order: { readonly kind: OrderKind; readonly id: string }, token?: string): string {
  return orderKind(order.kind).pageHref(order.id, token);
}
