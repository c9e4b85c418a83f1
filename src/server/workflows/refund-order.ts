import { NO_PROVIDER } from '../../domain/order.ts';
import { findOrder, type Order, recordRefund } from '../modules/orders/service.ts';
import type { WorkflowDeps } from './deps.ts';

export interface RefundResult {
  /** True when the provider returned the money; false when nothing went through a provider. */
  readonly refunded: boolean;
  readonly order: Order;
}

/**
 * Returns an order's payment exactly once and records it on the order with its event:
 * 1. refund through the payment provider — its idempotency key (`refund-<order id>`) makes a
 *    retry answer the same refund, never a second one, so nothing needs undoing;
 * 2. record the refund reference and event on the order, once (a second recorder gets null).
 * An order paid through no provider (free, or another provider) records NO_PROVIDER instead.
 */
export async function refundOrder(
  deps: Pick<WorkflowDeps, 'db' | 'payments' | 'logger'>,
  orderId: string,
  describe: (refunded: boolean, order: Order) => string,
): Promise<RefundResult | null> {
  const order = await findOrder(deps.db, orderId);
  if (!order || order.refundRef) return null;
  const refund = await deps.payments.refund(order);
  const refunded = refund !== null;
  if (!(await recordRefund(deps.db, orderId, refund?.refundId ?? NO_PROVIDER, describe(refunded, order)))) return null;
  if (!refunded && order.totalCents > 0) {
    deps.logger.error({ orderId }, 'order has no refundable payment: refund it by hand');
  }
  return { refunded, order };
}
