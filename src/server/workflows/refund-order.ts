import { canTransition, NO_PROVIDER } from '../../domain/order.ts';
import { inTransaction, type Db } from '../db/client.ts';
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
 * `onClaim` runs in the transaction in which this refunder claims the refund (step 1, or step 3
 * when there is no step 1): an admin's audit event commits with the claim or not at all.
 */
export async function refundOrder(
  deps: Pick<WorkflowDeps, 'db' | 'payments' | 'logger'>,
  orderId: string,
  describe: (refunded: boolean, order: Order) => string,
  onClaim?: (tx: Db) => Promise<void>,
): Promise<RefundResult | null> {
  const order = await findOrder(deps.db, orderId);
  if (!order || order.refundRef) return null;
  const throughStates = order.status === 'refund_pending' || canTransition(order.kind, order.status, 'refund_pending');
  let unclaimed = true;
  const claimed = async (tx: Db, won: boolean) => {
    if (won && unclaimed) await onClaim?.(tx);
    if (won) unclaimed = false;
    return won;
  };
  if (order.status !== 'refund_pending' && throughStates) {
    // Null or a forbidden move: another refunder got there first (it is refunding or has refunded).
    const started = await inTransaction(deps.db, async (tx) =>
      claimed(tx, (await requestRefund(tx, orderId, 'We have started your refund.')) !== null),
    ).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'ORDER_TRANSITION_FORBIDDEN') return false;
      throw error;
    });
    if (!started) return null;
  }
  const refund = await deps.payments.refund(order);
  const refunded = refund !== null;
  const refundRef = refund?.refundId ?? NO_PROVIDER;
  const message = describe(refunded, order);
  // Resuming a refund already started (an admin's retry of it), the claim is the recording.
  const recorded = throughStates
    ? await inTransaction(deps.db, async (tx) =>
        claimed(tx, (await markRefunded(tx, orderId, refundRef, message)) !== null),
      )
    : await inTransaction(deps.db, async (tx) => claimed(tx, await recordRefund(tx, orderId, refundRef, message)));
  if (!recorded) return null;
  if (!refunded && order.totalCents > 0) {
    deps.logger.error({ orderId }, 'order has no refundable payment: refund it by hand');
  }
  return { refunded, order: (await findOrder(deps.db, orderId)) ?? order };
}
