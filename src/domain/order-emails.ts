import { orderKind } from './kinds/index.ts';
import type { OrderKind, OrderStatus } from './order.ts';

/** Every email an order sends (issue 11 §4); each goes out at most once per order (ADR 044). */
export const ORDER_EMAIL_NAMES = [
  'confirmed',
  'submitted',
  'delayed',
  'completed',
  'rerouted',
  'refunded',
  'completed_after_refund',
  'esim_ready',
  'waiting_for_stock',
] as const;
export type OrderEmailName = (typeof ORDER_EMAIL_NAMES)[number];

/** States in which an order is still being worked on: a delay notice only makes sense in them. */
export const ORDER_WORKING_STATUSES: readonly OrderStatus[] = [
  'paid',
  'submitted',
  'in_progress',
  'rejected',
  'rerouted',
];

/** Whether the "taking longer than usual" email is due: still worked on, past the average time. */
export function delayNoticeDue(status: OrderStatus, paidAt: Date, averageHours: number, now: Date): boolean {
  return ORDER_WORKING_STATUSES.includes(status) && now.getTime() >= paidAt.getTime() + averageHours * 3_600_000;
}

/** Subjects of the emails every kind shares (the unlock's own are in unlock-fulfilment.ts). */
export const ORDER_EMAIL_SUBJECTS = {
  confirmed: (kind: OrderKind, shortId: string) => `Order confirmed: your ${orderKind(kind).noun} (order ${shortId})`,
  submitted: (kind: OrderKind, shortId: string) => `We have submitted your ${orderKind(kind).noun} (order ${shortId})`,
  rerouted: (kind: OrderKind, shortId: string) =>
    `We moved your ${orderKind(kind).noun} to another supplier (order ${shortId})`,
  delayed: (kind: OrderKind, shortId: string) =>
    `Your ${orderKind(kind).noun} is taking longer than usual (order ${shortId})`,
  esimReady: (storeName: string, shortId: string) => `Your ${storeName} eSIM is ready (order ${shortId})`,
  esimFailed: (storeName: string, shortId: string) => `We could not deliver your ${storeName} eSIM (order ${shortId})`,
} as const;

/** The lines every order email ends with. */
export const ORDER_EMAIL_TEXT = {
  trackButton: 'Track your order',
  trackLine: 'Follow your order live, from any device:',
  guestUpgrade:
    'Ordered as a guest? Set a password for this email to see all your orders in one place, with no links to keep:',
  guestUpgradeButton: 'Create your account',
  helpLine: 'Questions? Reply to this email or visit our help centre:',
  footer: (storeName: string, shortId: string) =>
    `You receive this email because you placed order ${shortId} with ${storeName}. It is about your order only: no marketing.`,
  refundTiming: (amount: string) =>
    `We have refunded ${amount} to your original payment method. Depending on your bank it appears within 5-10 business days.`,
  refundByHand: 'Our team will refund your payment and get back to you within 24 hours.',
  nothingCharged: 'Nothing was charged for this order.',
} as const;

/** Hours as customers read them, as every screen says them: "1 hour", "36 hours", "3 days". */
export { formatPromiseHours as formatHours } from './delivery-hours.ts';
