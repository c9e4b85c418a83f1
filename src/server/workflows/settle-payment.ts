import { PAYABLE_STATUSES } from '../../domain/order.ts';
import type { Db } from '../db/client.ts';
import { redeemCoupon } from '../modules/coupons/service.ts';
import {
  addOrderNote,
  findOrder,
  findOrderByPaymentSession,
  markPaid,
  type Order,
  ordersOfCheckout,
} from '../modules/orders/service.ts';
import type { PaymentEvent, WebhookOutcome } from '../modules/payments/service.ts';
import { CHECKOUT_EXPIRED_MESSAGE, closeUnpaidOrder } from './close-checkout.ts';
import type { WorkflowDeps } from './deps.ts';
import { queueFulfilment } from './fulfil-order.ts';

export interface Settlement {
  /** False when the order was no longer payable (nothing changed). */
  readonly paid: boolean;
  /** Whether the order's coupon got one of its uses; null without a coupon. */
  readonly couponRedeemed: boolean | null;
}

/**
 * Settles a payment, all in the caller's transaction (its rollback undoes every step):
 * 1. mark the order paid (conditional: a second settlement of the same order changes nothing);
 * 2. turn the coupon reservation into the redemption (a late payment, after the reservation
 *    was released, takes a use if one is left; otherwise the discount is honoured and noted);
 * 3. what the kind does at payment (an unlock claims its IMEI), then the first job of the
 *    order's fulfilment chain (it exists only if this commits). The "order confirmed" email
 *    follows the 'paid' event (ADR 069).
 */
export async function settlePayment(
  deps: Pick<WorkflowDeps, 'jobs' | 'kinds'>,
  tx: Db,
  order: Order,
  payment: { provider: string; paymentRef: string | null },
): Promise<Settlement> {
  const paid = await markPaid(tx, order.id, payment);
  if (!paid) return { paid: false, couponRedeemed: null };
  let couponRedeemed: boolean | null = null;
  if (order.couponCode) {
    couponRedeemed = await redeemCoupon(tx, {
      code: order.couponCode,
      orderId: order.id,
      discountCents: order.discountCents,
    });
    if (!couponRedeemed) {
      // The buyer already paid the discounted price: honour it, and leave a note for the team.
      await addOrderNote(
        tx,
        order.id,
        `Coupon ${order.couponCode} had reached its usage limit when the payment arrived; the discount was honoured.`,
      );
    }
  }
  await deps.kinds[order.kind].fulfiller?.onPaid?.(tx, order);
  await queueFulfilment(deps, tx, order.id);
  return { paid: true, couponRedeemed };
}

/**
 * What a verified, first-seen provider event does to its orders, in the payments module's
 * transaction (which also records the event, so a replay stops before this). The orders of a
 * mixed checkout (ADR 081) go together: one payment settles each, one expiry closes each.
 */
export async function applyPaymentEvent(
  deps: Pick<WorkflowDeps, 'jobs' | 'kinds' | 'logger'>,
  tx: Db,
  providerName: string,
  event: PaymentEvent,
): Promise<Exclude<WebhookOutcome, 'duplicate'>> {
  if (event.type === 'ignored') return 'ignored';
  const orderId =
    event.orderId ?? (event.sessionId ? await findOrderByPaymentSession(tx, providerName, event.sessionId) : null);
  const order = orderId ? await findOrder(tx, orderId) : null;
  if (!order) return 'unknown_order';
  // An event about another session of this order (an older checkout) changes nothing but a paid one.
  const otherSession = Boolean(order.paymentSessionId && event.sessionId && order.paymentSessionId !== event.sessionId);
  const orders = await ordersOfCheckout(tx, order);

  if (event.type === 'expired') {
    if (otherSession || order.status !== 'pending_payment') return 'stale';
    let closed = false;
    for (const each of orders) {
      if (each.status !== 'pending_payment') continue;
      if (await closeUnpaidOrder({ db: tx }, each.id, 'expired', CHECKOUT_EXPIRED_MESSAGE)) closed = true;
    }
    return closed ? 'expired' : 'stale';
  }

  const payable = orders.filter((each) => PAYABLE_STATUSES.includes(each.status));
  if (payable.length === 0) return 'already_paid';
  const totalCents = orders.reduce((sum, each) => sum + each.totalCents, 0);
  if (event.amountCents !== undefined && event.amountCents !== totalCents) {
    deps.logger.warn({ orderId: order.id, paid: event.amountCents, total: totalCents }, 'paid amount differs');
    await addOrderNote(
      tx,
      order.id,
      `The provider reported ${event.amountCents} cents paid for a total of ${totalCents} cents.`,
    );
  }
  let paid = false;
  for (const each of payable) {
    const settlement = await settlePayment(deps, tx, each, {
      provider: providerName,
      paymentRef: event.paymentRef ?? null,
    });
    paid ||= settlement.paid;
  }
  return paid ? 'paid' : 'already_paid';
}
