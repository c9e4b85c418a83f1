import { formatPrice } from '../../../domain/display.ts';
import type { Db } from '../../db/client.ts';
import { QUEUES } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { EsimProvisioning } from '../../modules/esim/fulfilment.ts';
import { failOrder, findOrder, markFulfilled, orderItems } from '../../modules/orders/service.ts';
import type { PaymentsService } from '../../modules/payments/service.ts';
import { refundOrder } from '../refund-order.ts';
import type { Fulfiller } from './fulfiller.ts';

/**
 * An eSIM order is delivered in one step: issue every eSIM (each stored as soon as it is issued),
 * then mark the order fulfilled. Its emails follow its events (server/kinds/esim.ts).
 */
export function esimFulfiller(deps: {
  db: Db;
  provisioning: EsimProvisioning;
  payments: PaymentsService;
  logger: Logger;
}): Fulfiller {
  const { db, provisioning } = deps;
  return {
    queue: QUEUES.esimProvision,
    deadLetterQueue: QUEUES.esimProvisionFailed,
    async fulfil(orderId, options) {
      const order = await findOrder(db, orderId);
      if (order?.status !== 'paid') return { remaining: false };
      const items = await orderItems(db, orderId);
      const { remaining } = await provisioning.provisionItems(items, options);
      if (remaining) return { remaining };
      await markFulfilled(db, orderId, 'Your eSIM is ready to install. We have emailed your receipt and install steps.');
      return { remaining: false };
    },
    async giveUp(orderId) {
      const order = await findOrder(db, orderId);
      if (order?.status === 'paid') {
        await failOrder(db, orderId, 'We could not issue your eSIM after several attempts.');
      }
      if ((await findOrder(db, orderId))?.status !== 'failed') return { remaining: false };
      await refundOrder(deps, orderId, (refunded, failed) => {
        if (refunded) return `Refunded ${formatPrice(failed.totalCents)} to your original payment method.`;
        return failed.totalCents > 0 ? 'Our team will refund your payment.' : 'Nothing was charged.';
      });
      return { remaining: false };
    },
  };
}
