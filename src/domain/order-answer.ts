import { z } from 'zod';
import { checkAnswerPart, checkSharedPart } from './kinds/check.ts';
import { esimAnswerPart, esimSharedPart } from './kinds/esim.ts';
import { licenseAnswerPart, licenseSharedPart } from './kinds/license.ts';
import { sampleAnswerPart, sampleSharedPart } from './kinds/sample.ts';
import { unlockAnswerPart, unlockSharedPart } from './kinds/unlock.ts';
import { deviceServiceAnswerPart, deviceServiceSharedPart } from './kinds/device-service.ts';
import { lookedUpOrderSchema } from './order-lookup.ts';
import { ORDER_STATUSES, type OrderKind, orderEventSchema, orderItemSchema } from './order.ts';

const orderAnswerBase = z.object({
  id: z.string(),
  short_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  email: z.string(),
  currency: z.string(),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  coupon_code: z.string().nullable(),
  refunded: z.boolean(),
  created_at: z.string(),
  items: z.array(orderItemSchema),
  events: z.array(orderEventSchema),
  /** The other orders paid with this one (a cart of eSIMs and licenses, ADR 081), each with the link to its page. */
  checkout_orders: z.array(
    lookedUpOrderSchema
      .pick({ id: true, short_id: true, kind: true, status: true, title: true, total_cents: true })
      .extend({
        /** Its page, with the guest link's token. */
        href: z.string(),
      }),
  ),
});

/**
 * GET /api/orders/:id: the receipt and tracking view of one order, a union by kind (ADR 068): each
 * kind adds its own part (an eSIM's profiles, an unlock's device, promise and result), so the
 * client's presentation of a kind is type-checked against that kind's answer. One line per kind.
 */
export const orderAnswerSchema = z.discriminatedUnion('kind', [
  orderAnswerBase.extend(esimAnswerPart),
  orderAnswerBase.extend(unlockAnswerPart),
  orderAnswerBase.extend(checkAnswerPart),
  orderAnswerBase.extend(deviceServiceAnswerPart),
  orderAnswerBase.extend(licenseAnswerPart),
  orderAnswerBase.extend(sampleAnswerPart),
]);
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;
/** The answer of an order of one kind. */
export type OrderAnswerOf<K extends OrderKind> = Extract<OrderAnswer, { kind: K }>;
/** What a kind adds to the order answer (the fields besides those every order has). */
export type OrderAnswerPart<K extends OrderKind> = Omit<OrderAnswerOf<K>, keyof z.infer<typeof orderAnswerBase>>;

const sharedOrderBase = z.object({
  short_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  /** The first item's name, e.g. 'France 3 GB · 30 days' or 'Apple iPhone 15 unlock'. */
  title: z.string(),
  events: z.array(orderEventSchema),
});

/**
 * GET /api/shares/{token}: what a share link shows. State, history and estimate: never the email,
 * the unlock code, the amounts or the payment. A device check's share shows its result, which is
 * what a seller shares with a buyer, with the IMEI partly masked. A union by kind, as the order answer.
 */
export const sharedOrderSchema = z.discriminatedUnion('kind', [
  sharedOrderBase.extend(esimSharedPart),
  sharedOrderBase.extend(unlockSharedPart),
  sharedOrderBase.extend(checkSharedPart),
  sharedOrderBase.extend(deviceServiceSharedPart),
  sharedOrderBase.extend(licenseSharedPart),
  sharedOrderBase.extend(sampleSharedPart),
]);
export type SharedOrder = z.infer<typeof sharedOrderSchema>;
export type SharedOrderPart<K extends OrderKind> = Omit<
  Extract<SharedOrder, { kind: K }>,
  keyof z.infer<typeof sharedOrderBase>
>;
