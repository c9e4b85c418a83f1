import { z } from 'zod';
import { EMAIL_INVALID, emailSchema } from './email.ts';
import { TEXT_MAX, boundedText } from './text.ts';

/** Spec section 5 "Order lookup". */
export const ORDER_LOOKUP_MESSAGES = {
  required: 'Order ID or IMEI is required',
  invalid: "Enter a valid Order ID (8 characters like 'a1b2c3d4') or IMEI (15 digits)",
  email: EMAIL_INVALID,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHORT_ID = /^[0-9a-f]{8}$/i;
const IMEI = /^\d{14,17}$/;

/** What an order lookup's reference is: a full order id, its 8-character short id, or an IMEI (spec section 9). */
export type OrderReference =
  | { readonly kind: 'uuid'; readonly value: string }
  | { readonly kind: 'short_id'; readonly value: string }
  | { readonly kind: 'imei'; readonly value: string };

/** The reference as the rules read it (an 8-digit number is a short id, 14-17 digits an IMEI), or null. */
export function orderReference(raw: string): OrderReference | null {
  const value = raw.trim();
  if (IMEI.test(value)) return { kind: 'imei', value };
  if (UUID.test(value)) return { kind: 'uuid', value: value.toLowerCase() };
  if (SHORT_ID.test(value)) return { kind: 'short_id', value: value.toLowerCase() };
  return null;
}

/** Spec section 3 "Order lookup" with the section 5 rules: email, orderIdOrImei. */
export const orderLookupSchema = z.object({
  email: emailSchema,
  orderIdOrImei: boundedText(TEXT_MAX.name, { error: ORDER_LOOKUP_MESSAGES.required })
    .trim()
    .min(1, ORDER_LOOKUP_MESSAGES.required)
    .refine((value) => orderReference(value) !== null, ORDER_LOOKUP_MESSAGES.invalid),
});

export type OrderLookup = z.infer<typeof orderLookupSchema>;
