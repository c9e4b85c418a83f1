import { formatPrice } from '../../../domain/display.ts';
import type { Db } from '../../db/client.ts';
import { QUEUES } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { EsimProvisioning } from '../../modules/esim/fulfilment.ts';
import { esimReceiptEmail } from '../../emails/esim-emails.ts';
import { esimFailedEmail, orderEmailKey } from '../../emails/order-emails.ts';
import type { Mailer } from '../../modules/mail/service.ts';
import { failOrder, findOrder, markFulfilled, orderItems } from '../../modules/orders/service.ts';
import type { PaymentsService } from '../../modules/payments/service.ts';
import { refundOrder } from '../refund-order.ts';
import type { Fulfiller } from './fulfiller.ts';

/**
 * An eSIM order is delivered in one step: issue every eSIM (each stored as soon as it is
 * issued), render the receipt, mark the order fulfilled, mail the receipt.
 */
export function esimFulfiller(deps: {
  db: Db;
  provisioning: EsimProvisioning;
  payments: PaymentsService;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}): Fulfiller {
  const { db, provisioning, mailer, publicUrl } = deps;
  return {
    queue: QUEUES.esimProvision,
    deadLetterQueue: QUEUES.esimProvisionFailed,

    async fulfil(orderId, options) {
      const order = await findOrder(db, orderId);
      if (order?.status !== 'paid') return { remaining: false };
      const items = await orderItems(db, orderId);
      const { profiles, remaining } = await provisioning.provisionItems(items, options);
      if (remaining) return { remaining };
      // Rendered before the status change, so a failure to draw the QR codes is retried like any step.
      const receipt = await esimReceiptEmail(order, items, profiles, publicUrl);
      const fulfilled = await markFulfilled(
        db,
        orderId,
        'Your eSIM is ready to install. We have emailed your receipt and install steps.',
      );
      if (fulfilled) await mailer.send(receipt, { onceKey: orderEmailKey(orderId, 'esim_ready') });
      return { remaining: false };
    },

    async giveUp(orderId) {
      const order = await findOrder(db, orderId);
      if (order?.status === 'paid') {
        await failOrder(db, orderId, 'We could not issue your eSIM after several attempts.');
      }
      if ((await findOrder(db, orderId))?.status !== 'failed') return { remaining: false };
      const result = await refundOrder(deps, orderId, (refunded, failed) => {
        if (refunded) return `Refunded ${formatPrice(failed.totalCents)} to your original payment method.`;
        return failed.totalCents > 0 ? 'Our team will refund your payment.' : 'Nothing was charged.';
      });
      if (result) {
        await mailer.send(await esimFailedEmail(result.order, result.refunded, publicUrl), {
          onceKey: orderEmailKey(orderId, 'refunded'),
        });
      }
      return { remaining: false };
    },
  };
}
