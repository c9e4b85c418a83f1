import { inTransaction } from '../db/client.ts';
import { releaseCoupon } from '../modules/coupons/service.ts';
import { cancelUnpaid, expireCheckout, expiredUnpaidOrders, type Order } from '../modules/orders/service.ts';
import type { WorkflowDeps } from './deps.ts';

export const CHECKOUT_EXPIRED_MESSAGE = 'The checkout closed before payment.';

/**
 * Closes an order that was never paid, in one transaction: pending_payment → expired (its
 * session ran out) or cancelled, and the coupon use it held is given back. Null when the order
 * had moved on (paid, or closed already): nothing changes then.
 */
export function closeUnpaidOrder(
  deps: Pick<WorkflowDeps, 'db'>,
  orderId: string,
  to: 'expired' | 'cancelled',
  message: string,
): Promise<Order | null> {
  return inTransaction(deps.db, async (tx) => {
    const closed =
      to === 'expired' ? await expireCheckout(tx, orderId, message) : await cancelUnpaid(tx, orderId, message);
    if (closed) await releaseCoupon(tx, orderId);
    return closed;
  });
}

/**
 * The `orders.cancel-unpaid` job: every order still unpaid when its payment session ran out is
 * expired, exactly as the provider's expiry event would (whichever comes first wins; the other
 * changes nothing). A lost expiry webhook never keeps a coupon use held.
 */
export async function expireUnpaidOrders(deps: WorkflowDeps, now = new Date()): Promise<number> {
  let closed = 0;
  for (const orderId of await expiredUnpaidOrders(deps.db, now)) {
    try {
      if (await closeUnpaidOrder(deps, orderId, 'expired', CHECKOUT_EXPIRED_MESSAGE)) closed++;
    } catch (error) {
      // One broken order must not keep the others open; the next run tries it again.
      deps.logger.error({ err: error, orderId }, 'an unpaid order could not be expired');
    }
  }
  return closed;
}
