import { formatPrice } from '../../../domain/display.ts';
import { LICENSE_MESSAGES } from '../../../domain/licenses.ts';
import { type Db, inTransaction } from '../../db/client.ts';
import { QUEUES } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import {
  claimOrderKeys,
  findOpenWait,
  keysOfOrder,
  keysRefundable,
  keysRefusal,
  retireKeysForRefund,
} from '../../modules/licenses/service.ts';
import {
  addOrderNote,
  failOrder,
  findOrder,
  markFulfilled,
  type Order,
  orderItems,
} from '../../modules/orders/service.ts';
import type { PaymentsService } from '../../modules/payments/service.ts';
import { refundOrder } from '../refund-order.ts';
import type { Fulfiller } from './fulfiller.ts';

/** Claims an order's keys (all or none) in `tx`; short of stock, the order waits and says so. */
export async function claimOrWait(tx: Db, order: Order, since: Date, opensWait: boolean): Promise<boolean> {
  const items = await orderItems(tx, order.id);
  const outcome = await claimOrderKeys(tx, order, items, { since, opensWait });
  if (!outcome.claimed && opensWait) {
    const names = items.map((item) => item.name).join(', ');
    await addOrderNote(tx, order.id, LICENSE_MESSAGES.waiting(names, outcome.refundBy.toUTCString()));
  }
  return outcome.claimed;
}

/**
 * A license order (ADR 079): its keys are claimed in the payment's transaction (onPaid), so the
 * delivery only marks it delivered; an order short of stock waits (the fill job carries it on when
 * stock arrives, or refunds it after LICENSE_STOCK_WAIT_HOURS). A refund retires its keys, and is
 * refused once a key is revealed.
 */
export function licenseFulfiller(deps: { db: Db; payments: PaymentsService; logger: Logger }): Fulfiller {
  const { db } = deps;
  return {
    queue: QUEUES.licenseDeliver,
    deadLetterQueue: QUEUES.licenseDeliverFailed,
    async onPaid(tx, order) {
      await claimOrWait(tx, order, new Date(), true);
    },
    async fulfil(orderId) {
      const order = await findOrder(db, orderId);
      if (order?.status !== 'paid' || (await findOpenWait(db, orderId))) return { remaining: false };
      const [items, keys] = await Promise.all([orderItems(db, orderId), keysOfOrder(db, orderId)]);
      const units = items.reduce((sum, item) => sum + item.quantity, 0);
      // The claim at payment leaves either every key or a wait; should neither be there, claim (or wait) now.
      const claimed =
        keys.length >= units || (await inTransaction(db, (tx) => claimOrWait(tx, order, new Date(), true)));
      if (claimed) await markFulfilled(db, orderId, LICENSE_MESSAGES.ready);
      return { remaining: false };
    },
    async giveUp(orderId) {
      const order = await findOrder(db, orderId);
      if (order?.status === 'paid') await failOrder(db, orderId, 'We could not deliver your license.');
      if ((await findOrder(db, orderId))?.status !== 'failed') return { remaining: false };
      await refundOrder(
        deps,
        orderId,
        (refunded, failed) =>
          refunded
            ? `Refunded ${formatPrice(failed.totalCents)} to your original payment method.`
            : 'Nothing was charged.',
        (tx) => retireKeysForRefund(tx, orderId),
      );
      return { remaining: false };
    },
    refundRule: {
      allowed: (orderId) => keysRefundable(db, orderId),
      claim: (tx, orderId) => retireKeysForRefund(tx, orderId),
      refusal: (orderId) => keysRefusal(db, orderId),
    },
  };
}
