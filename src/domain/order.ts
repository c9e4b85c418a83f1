import { z } from 'zod';

/**
 * Where an order stands. The spec shows none; these are the states a buyer can be told about:
 * waiting for payment, paid (being delivered), delivered, failed (and refunded), a checkout
 * that ran out unpaid, or one that could not start.
 */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'fulfilled', 'failed', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid — preparing your order',
  fulfilled: 'Delivered',
  failed: 'Failed — refunded',
  expired: 'Checkout expired',
  cancelled: 'Cancelled',
};

export const ORDER_KINDS = ['esim', 'unlock'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  message: z.string(),
  created_at: z.string(),
});

export const orderItemSchema = z.object({
  id: z.string(),
  /** The package id of an eSIM, the quote id of an unlock. */
  product_ref: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
  /** The product as sold: data_gb, validity_days, country_code, region, countries_iso3 for an eSIM. */
  details: z.record(z.string(), z.unknown()),
});

export const esimProfileAnswerSchema = z.object({
  order_item_id: z.string(),
  iccid: z.string(),
  smdp_address: z.string(),
  matching_id: z.string(),
  /** `LPA:1$<SM-DP+ address>$<matching id>`: what the QR code holds. */
  lpa: z.string(),
  /** Opens the iOS 17.4+ eSIM installer with the LPA. */
  ios_install_link: z.string(),
});

/** GET /api/orders/:id: the receipt and tracking view of one order. */
export const orderAnswerSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  kind: z.enum(ORDER_KINDS),
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
  esim_profiles: z.array(esimProfileAnswerSchema),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

/** The most orders the account page lists, newest first. */
export const ACCOUNT_ORDERS_LIMIT = 50;

/** GET /api/orders: one line of the signed-in customer's order list. */
export const accountOrderSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  total_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  /** The first item's name, e.g. 'France 3 GB · 30 days'. */
  title: z.string(),
  /** How many items there are in all (quantities added up). */
  item_count: z.number().int(),
});
export const accountOrdersAnswerSchema = z.object({ orders: z.array(accountOrderSchema) });
export type AccountOrder = z.infer<typeof accountOrderSchema>;
