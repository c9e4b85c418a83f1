import { z } from 'zod';

/**
 * Every state an order of any kind can be in. 'fulfilled' is the completed state (the name the
 * stored rows and the eSIM client already use).
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'submitted',
  'in_progress',
  'fulfilled',
  'rejected',
  'rerouted',
  'refund_pending',
  'refunded',
  'cancelled',
  'expired',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** States of an order that was never paid: every other state was paid at some point. */
export const NEVER_PAID_STATUSES: readonly OrderStatus[] = ['pending_payment', 'expired', 'cancelled'];

/**
 * What the store sells through orders. 'sample' is sold by no page: the test suite's kind, which
 * proves a kind plugs in through the registries alone (ADR 068).
 */
export const ORDER_KINDS = ['esim', 'unlock', 'check', 'device_service', 'license', 'sample'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The short name of each state, as customers see it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid — preparing your order',
  submitted: 'Sent to our supplier',
  in_progress: 'In progress',
  fulfilled: 'Delivered',
  rejected: 'Declined by the supplier',
  rerouted: 'Moved to another supplier',
  refund_pending: 'Refund in progress',
  refunded: 'Refunded',
  failed: 'Failed — refunded',
  expired: 'Checkout expired',
  cancelled: 'Cancelled',
};

/** One line per state telling the customer what it means for them. */
export const ORDER_STATUS_EXPLANATIONS: Record<OrderStatus, string> = {
  pending_payment: 'We are waiting for your payment to be confirmed.',
  paid: 'Your payment is confirmed and we are preparing your order.',
  submitted: 'Your order has been sent to the supplier who will carry it out.',
  in_progress: 'The supplier is working on your order.',
  fulfilled: 'Your order is complete.',
  rejected: 'The supplier could not carry out your order; we are deciding the next step.',
  rerouted: 'We moved your order to another supplier, at no extra cost to you.',
  refund_pending: 'We have started your refund; your bank shows it once the provider completes it.',
  refunded: 'Your payment has been returned to your original payment method.',
  failed: 'We could not complete your order; any payment is refunded.',
  expired: 'The checkout ran out before it was paid. Nothing was charged.',
  cancelled: 'This order did not go ahead. Nothing was charged.',
};

type Transitions = Partial<Record<OrderStatus, readonly OrderStatus[]>>;

/**
 * The payment part every kind shares. Money that moves is never turned away: a checkout that
 * expired or was cancelled may still become paid when its payment arrives late.
 */
const PAYMENT: Transitions = {
  pending_payment: ['paid', 'expired', 'cancelled'],
  expired: ['paid'],
  cancelled: ['paid'],
  fulfilled: ['refund_pending'],
  refund_pending: ['refunded'],
};

/**
 * Work a supplier carries out, which it may decline, so it can be sent to another one; work still
 * with a supplier past its guaranteed time is sent to a faster one without being declined.
 */
const SUPPLIER_WORK: Transitions = {
  ...PAYMENT,
  paid: ['submitted', 'failed', 'refund_pending'],
  submitted: ['in_progress', 'fulfilled', 'rejected', 'rerouted', 'failed'],
  in_progress: ['fulfilled', 'rejected', 'rerouted', 'failed'],
  rejected: ['rerouted', 'refund_pending', 'failed'],
  rerouted: ['submitted', 'in_progress', 'fulfilled', 'rejected', 'failed'],
  failed: ['refund_pending'],
};

/**
 * Every allowed move, per kind. A move not listed is forbidden. An eSIM is delivered in one
 * step (paid → fulfilled) and its failure keeps the refund on the failed order.
 */
export const ORDER_TRANSITIONS: Record<OrderKind, Transitions> = {
  esim: { ...PAYMENT, paid: ['fulfilled', 'failed', 'refund_pending'] },
  unlock: SUPPLIER_WORK,
  device_service: SUPPLIER_WORK,
  check: {
    ...PAYMENT,
    paid: ['in_progress', 'fulfilled', 'failed', 'refund_pending'],
    in_progress: ['fulfilled', 'failed'],
    failed: ['refund_pending'],
  },
  license: { ...PAYMENT, paid: ['fulfilled', 'failed', 'refund_pending'], failed: ['refund_pending'] },
  sample: { ...PAYMENT, paid: ['fulfilled', 'failed', 'refund_pending'], failed: ['refund_pending'] },
};

/** States of an order whose supplier work is under way (an unlock's or a device service's). */
export const WORKING_STATUSES: readonly OrderStatus[] = ['submitted', 'in_progress', 'rejected', 'rerouted'];
/** States where the order's money is going or has gone back: the end of its story. */
export const REFUND_END_STATUSES: readonly OrderStatus[] = ['failed', 'refund_pending', 'refunded'];

/** States after which word of the supplier work is out of date: the order is done, or its money goes back. */
export const NEWS_END_STATUSES: readonly OrderStatus[] = ['fulfilled', ...REFUND_END_STATUSES];

/**
 * Whether news of an event at `eventStatus` is out of date once the order stands at `current`
 * (issue 44): word of the supplier work ("we have submitted your unlock", "it moved to another
 * supplier") is never sent after the order is delivered or its refund has begun. Mails go out from
 * a queue, so such a job can run after the order moved on (a fast supplier, a slow queue).
 */
export function isStaleNews(eventStatus: OrderStatus, current: OrderStatus): boolean {
  return WORKING_STATUSES.includes(eventStatus) && NEWS_END_STATUSES.includes(current);
}

/** States an order of any kind may be paid from: money that moves is never turned away. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['pending_payment', 'cancelled', 'expired'];

/** Whether an order of `kind` may move from `from` to `to`. */
export function canTransition(kind: OrderKind, from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[kind][from]?.includes(to) ?? false;
}

/** The states an order of `kind` can ever be in (its subset of ORDER_STATUSES, in that order). */
export function orderStatesOf(kind: OrderKind): OrderStatus[] {
  const reached = new Set<OrderStatus>(['pending_payment']);
  for (const [from, targets] of Object.entries(ORDER_TRANSITIONS[kind])) {
    reached.add(from as OrderStatus);
    for (const to of targets) reached.add(to);
  }
  return ORDER_STATUSES.filter((status) => reached.has(status));
}

/** What a buyer is told when the payment provider could not open a checkout session. */
export const PAYMENT_START_FAILED = 'We could not start the payment. Please try again in a moment.';

/** The marker in an order's payment provider or refund reference: no provider took part. */
export const NO_PROVIDER = 'none';

export const orderEventSchema = z.object({
  /** Increasing within an order: the live stream's event id (resume with Last-Event-ID). */
  id: z.number().int(),
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
