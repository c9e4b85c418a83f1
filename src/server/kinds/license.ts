import { licenseRefundable } from '../../domain/licenses.ts';
import { NO_PROVIDER } from '../../domain/order.ts';
import type { Db } from '../db/client.ts';
import { licenseReadyEmail, licenseRefundedEmail, licenseWaitingEmail, orderEmailKey } from '../emails/order-emails.ts';
import type { Logger } from '../logger.ts';
import { findOpenWait, keysOfOrder, openWaits, productsBySlug } from '../modules/licenses/service.ts';
import { orderItems } from '../modules/orders/service.ts';
import type { PaymentsService } from '../modules/payments/service.ts';
import { licenseFulfiller } from '../workflows/fulfillers/license.ts';
import { QUEUES } from '../jobs/queue.ts';
import type { ServerOrderKind } from './kind.ts';

/**
 * Digital licenses (ADR 079): keys claimed at payment, delivered at once, shown only through the
 * reveal (never in this answer, a share, an email or a log); a waiting order says until when.
 */
export function licenseKind(deps: {
  db: Db;
  payments: PaymentsService;
  logger: Logger;
  publicUrl: string;
}): ServerOrderKind<'license'> {
  const { db, publicUrl } = deps;
  return {
    fulfiller: licenseFulfiller(deps),
    async answer(order, items) {
      const [keys, wait, products] = await Promise.all([
        keysOfOrder(db, order.id),
        findOpenWait(db, order.id),
        productsBySlug(
          db,
          items.map((item) => item.productRef),
        ),
      ]);
      return {
        kind: 'license',
        license: {
          waiting_for_stock: wait !== null && order.status === 'paid',
          refund_by: wait && order.status === 'paid' ? wait.refundBy.toISOString() : null,
          refundable: order.refundRef === null && licenseRefundable(keys),
          keys: keys.map((key) => ({
            id: key.id,
            product: key.productSlug,
            product_name: products.get(key.productSlug)?.name ?? key.productSlug,
            state: key.state,
            revealed_at: key.revealedAt?.toISOString() ?? null,
          })),
          activation: items.map((item) => ({
            product: item.productRef,
            name: item.name,
            steps: products.get(item.productRef)?.activationSteps ?? [],
          })),
        },
      };
    },
    shared: async () => ({ kind: 'license' }),
    async attention(limit) {
      const waits = await openWaits(db, limit);
      return waits.map((wait) => ({ orderId: wait.orderId, reason: 'waiting_for_stock' as const }));
    },
    async mail(event, order) {
      const names = async () => (await orderItems(db, order.id)).map((item) => item.name);
      if (event.status === 'paid') {
        const wait = await findOpenWait(db, order.id);
        if (!wait) return null;
        const mail = await licenseWaitingEmail(order, await names(), wait.refundBy, publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'waiting_for_stock') };
      }
      if (event.status === 'fulfilled') {
        const mail = await licenseReadyEmail(order, await names(), publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'completed') };
      }
      if (event.status === 'refunded' || (event.status === 'failed' && order.refundRef)) {
        const mail = await licenseRefundedEmail(order, event.message, order.refundRef !== NO_PROVIDER, publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'refunded') };
      }
      return null;
    },
    schedules: [
      {
        queue: QUEUES.licensesFillWaiting,
        cron: '* * * * *',
        run: (workflows) => workflows.fillWaitingLicenseOrders(),
      },
    ],
  };
}
