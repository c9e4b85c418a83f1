import { formatPrice } from '../../../domain/display.ts';
import { lpaString } from '../../../domain/esim-checkout.ts';
import type { Db } from '../../db/client.ts';
import type { EsimProvider } from '../../integrations/esim/types.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../mail/service.ts';
import { addOrderEvent, findOrder, orderItems, recordRefund, transitionOrder } from '../orders/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { esimFailedEmail, esimReceiptEmail } from './receipt-email.ts';
import * as repo from './repo.ts';

/** Marks a failed order whose refund is not the provider's to make (nothing charged, or another provider). */
export const NO_REFUND = 'none';

export interface EsimFulfilment {
  /**
   * Provisions the eSIMs of a paid order not provisioned yet, starting new ones for at most
   * `budgetMs`; once every one is in, marks the order fulfilled and mails the receipt. `remaining`:
   * units are still missing and the caller runs it again (a big order spans several short jobs).
   */
  provisionOrder(orderId: string, options?: { budgetMs?: number }): Promise<{ remaining: boolean }>;
  /** After the last retry: marks the order failed, refunds the payment, tells the buyer. */
  failOrder(orderId: string): Promise<void>;
}

/**
 * Delivery of a paid eSIM order, as steps that can run again: each unit's profile is stored as
 * soon as the provider issues it, so a retry only asks for the ones still missing, and every
 * status change is conditional, so a replayed job changes nothing twice.
 */
export function createEsimFulfilment(deps: {
  db: Db;
  provider: EsimProvider;
  payments: PaymentsService;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}): EsimFulfilment {
  const { db, provider, payments, mailer, logger, publicUrl } = deps;

  return {
    async provisionOrder(orderId, options = {}) {
      const deadline = performance.now() + (options.budgetMs ?? Infinity);
      const order = await findOrder(db, orderId);
      if (order?.status !== 'paid') return { remaining: false };
      const items = await orderItems(db, orderId);
      const stored = await repo.selectProfiles(
        db,
        items.map((item) => item.id),
      );
      const done = new Set(stored.map((profile) => `${profile.orderItemId}/${profile.unitIndex}`));
      for (const item of items) {
        for (let unit = 0; unit < item.quantity; unit++) {
          const key = `${item.id}/${unit}`;
          if (done.has(key)) continue;
          if (performance.now() > deadline) return { remaining: true };
          // PGlite answers within microtasks: without a turn of the event loop between units, a big
          // order's queries would hold every request until the job's budget ran out.
          await new Promise((resolve) => setImmediate(resolve));
          const profile = await provider.provision({ packageId: item.productRef, orderItemId: key });
          await repo.insertProfile(db, {
            orderItemId: item.id,
            unitIndex: unit,
            iccid: profile.iccid,
            smdpAddress: profile.smdpAddress,
            matchingId: profile.matchingId,
            lpa: lpaString(profile.smdpAddress, profile.matchingId),
          });
        }
      }
      const profiles = await repo.selectProfiles(
        db,
        items.map((item) => item.id),
      );
      // Rendered before the status change, so a failure to draw the QR codes is retried like any step.
      const receipt = await esimReceiptEmail(order, items, profiles, publicUrl);
      const fulfilled = await transitionOrder(db, orderId, {
        from: ['paid'],
        to: 'fulfilled',
        message: 'Your eSIM is ready to install. We have emailed your receipt and install steps.',
      });
      if (!fulfilled) return { remaining: false };
      await mailer.send(receipt);
      return { remaining: false };
    },

    async failOrder(orderId) {
      await transitionOrder(db, orderId, {
        from: ['paid'],
        to: 'failed',
        message: 'We could not issue your eSIM after several attempts.',
      });
      const order = await findOrder(db, orderId);
      if (order?.status !== 'failed' || order.refundRef) return;
      // The provider's idempotency key makes a retried refund return the same refund, never a second one.
      const refund = await payments.refund(order);
      if (!refund) {
        if (!(await recordRefund(db, orderId, NO_REFUND))) return;
        if (order.totalCents > 0)
          logger.error({ orderId }, 'failed eSIM order has no refundable payment: refund it by hand');
        await addOrderEvent(
          db,
          orderId,
          'failed',
          order.totalCents > 0 ? 'Our team will refund your payment.' : 'Nothing was charged.',
        );
        await mailer.send(esimFailedEmail(order, false, publicUrl));
        return;
      }
      if (!(await recordRefund(db, orderId, refund.refundId))) return;
      await addOrderEvent(
        db,
        orderId,
        'failed',
        `Refunded ${formatPrice(order.totalCents)} to your original payment method.`,
      );
      await mailer.send(esimFailedEmail(order, true, publicUrl));
    },
  };
}
