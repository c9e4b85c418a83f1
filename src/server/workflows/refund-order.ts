import { canTransition, NO_PROVIDER } from '../../domain/order.ts';
import { findOrder, markRefunded, type Order, recordRefund, requestRefund } from '../modules/orders/service.ts';
import { AppError } from '../errors.ts';
import type { WorkflowDeps } from './deps.ts';

export interface RefundResult {
  /** True when the provider returned the money; false when nothing went through a provider. */
  readonly refunded: boolean;
  readonly order: Order;
}

/**
 * Returns an order's payment exactly once and records it on the order with its event:
 * 1. move the order to refund_pending, when its kind's table lets it (a failed eSIM does not: its
 *    refund is recorded on the failed order) — a crash after this step is resumed by calling again;
 * 2. refund through the payment provider — its idempotency key (`refund-<order id>`) makes a
 *    repeat answer the same refund, never a second one, so nothing needs undoing;
 * 3. record the refund reference and its event, once: refund_pending → refunded, or on the order
 *    as it stands. A second refunder gets null at step 1 or 3.
 * An order paid through no provider (free, or another provider) records NO_PROVIDER instead.
 */
export async function refundOrder(
  deps: Pick<WorkflowDeps, 'db' | 'payments' | 'logger'>,
  orderId: string,
  describe: (refunded: boolean, order: Order) => string,
): Promise<RefundResult | null> {
  const order = await findOrder(deps.db, orderId);
  if (!order || order.refundRef) return null;
  const throughStates = order.status === 'refund_pending' || canTransition(order.kind, order.status, 'refund_pending');
  if (order.status !== 'refund_pending' && throughStates) {
    // Null or a forbidden move: another refunder got there first (it is refunding or has refunded).
    const started = await requestRefund(deps.db, orderId, 'We have started your refund.').catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'ORDER_TRANSITION_FORBIDDEN') return null;
      throw error;
    });
    if (!started) return null;
  }
  const refund = await deps.payments.refund(order);
  const refunded = refund !== null;
  const refundRef = refund?.refundId ?? NO_PROVIDER;
  const message = describe(refunded, order);
  const recorded = throughStates
    ? (await markRefunded(deps.db, orderId, refundRef, message)) !== null
    : await recordRefund(deps.db, orderId, refundRef, message);
  if (!recorded) return null;
  if (!refunded && order.totalCents > 0) {
    deps.logger.error({ orderId }, 'order has no refundable payment: refund it by hand');
  }
  return { refunded, order: (await findOrder(deps.db, orderId)) ?? order };
}
