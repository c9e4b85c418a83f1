import { NO_PROVIDER } from '../../domain/order.ts';
import { UNLOCK_EVENTS } from '../../domain/unlock-fulfilment.ts';
import type { Db } from '../db/client.ts';
import {
  orderEmailKey,
  orderSubmittedEmail,
  unlockCompletedAfterRefundEmail,
  unlockCompletedEmail,
  unlockReroutedEmail,
  unlockRefundedEmail,
} from '../emails/order-emails.ts';
import type { OutgoingMail } from '../integrations/mail/transport.ts';
import { QUEUES } from '../jobs/queue.ts';
import {
  failingSupplierWork,
  supplierCostSince,
  unlockAttempts,
  unlockDetails,
  unlockOrdersOfDevice,
  unlockPlan,
} from '../modules/unlocks/service.ts';
import { unlockFulfiller } from '../workflows/fulfillers/unlock.ts';
import type { ServerOrderKind } from './kind.ts';

/** How often the unlock guarantee looks for unlocks past their guaranteed time. */
export const UNLOCK_GUARANTEE_CRON = '* * * * *';

/** Carrier unlocks: carried out by supplier tools with the guarantee; the answer carries the device, promise and result. */
export function unlockKind(
  deps: Parameters<typeof unlockFulfiller>[0] & { readonly db: Db },
): ServerOrderKind<'unlock'> {
  const { db, publicUrl } = deps;
  const result = async (orderId: string) =>
    (await unlockAttempts(db, orderId)).find((attempt) => attempt.state === 'succeeded')?.detail ?? '';
  async function details(orderId: string, items: Parameters<typeof unlockDetails>[2]) {
    const unlock = await unlockDetails(deps.db, orderId, items);
    if (!unlock) throw new Error(`unlock order ${orderId} has no tool plan`);
    return unlock;
  }
  return {
    fulfiller: unlockFulfiller(deps),
    answer: async (order, items) => ({ kind: 'unlock', unlock: await details(order.id, items) }),
    async shared(order, items) {
      const unlock = await details(order.id, items);
      // Picked field by field: the unlock's result (its code) never leaves through a share link.
      return {
        kind: 'unlock',
        unlock: {
          imei_masked: unlock.imei_masked,
          device: unlock.device,
          carrier: unlock.carrier,
          country: unlock.country,
          average_hours: unlock.average_hours,
          guaranteed_hours: unlock.guaranteed_hours,
          guaranteed_by: unlock.guaranteed_by,
        },
      };
    },
    /**
     * Its emails, each once: submitted (with the promise), moved to another supplier (declined, or
     * past the guarantee with the new deadline), completed with the result and the brand's steps,
     * refunded with the reason (a duplicate's links the open order), and a result after the refund.
     */
    async mail(event, order) {
      const plan = await unlockPlan(db, order.id);
      if (!plan) return null;
      const once = (mail: OutgoingMail, onceKey: string) => ({ mail, onceKey });
      if (event.message === UNLOCK_EVENTS.pastGuarantee(plan.guaranteedHours)) {
        const mail = await unlockReroutedEmail(order, plan.deadlineAt, publicUrl);
        return once(mail, orderEmailKey(order.id, 'rerouted', plan.toolIndex));
      }
      if (event.message === UNLOCK_EVENTS.completedAfterRefund) {
        const mail = await unlockCompletedAfterRefundEmail(order, await result(order.id), plan.brandSlug, publicUrl);
        return once(mail, orderEmailKey(order.id, 'completed_after_refund'));
      }
      switch (event.status) {
        case 'submitted': {
          const promise = {
            averageHours: plan.averageHours,
            guaranteedHours: plan.guaranteedHours,
            guaranteedBy: plan.deadlineAt,
          };
          return once(await orderSubmittedEmail(order, promise, publicUrl), orderEmailKey(order.id, 'submitted'));
        }
        case 'rerouted':
          return once(
            await unlockReroutedEmail(order, null, publicUrl),
            orderEmailKey(order.id, 'rerouted', plan.toolIndex),
          );
        case 'fulfilled': {
          const mail = await unlockCompletedEmail(order, await result(order.id), plan.brandSlug, publicUrl);
          return once(mail, orderEmailKey(order.id, 'completed'));
        }
        case 'refunded': {
          const reason = plan.refundReason ?? UNLOCK_EVENTS.refundOwed;
          const refunded = order.refundRef !== null && order.refundRef !== NO_PROVIDER;
          const mail = await unlockRefundedEmail(order, reason, refunded, publicUrl, plan.duplicateOf);
          return once(mail, orderEmailKey(order.id, 'refunded'));
        }
        default:
          return null;
      }
    },
    ordersOfDevice: (imei, limit) => unlockOrdersOfDevice(db, imei, limit),
    costSince: (since) => supplierCostSince(db, 'unlock', since),
    attention: (limit) => failingSupplierWork(db, 'unlock', limit),
    schedules: [
      {
        queue: QUEUES.unlockGuarantee,
        cron: UNLOCK_GUARANTEE_CRON,
        run: (workflows) => workflows.keepUnlockGuarantee(),
      },
    ],
  };
}
