import type { Db } from '../db/client.ts';
import { QUEUES } from '../jobs/queue.ts';
import { unlockDetails } from '../modules/unlocks/service.ts';
import { unlockFulfiller } from '../workflows/fulfillers/unlock.ts';
import type { ServerOrderKind } from './kind.ts';

/** How often the unlock guarantee looks for unlocks past their guaranteed time. */
export const UNLOCK_GUARANTEE_CRON = '* * * * *';

/** Carrier unlocks: carried out by supplier tools with the guarantee; the answer carries the device, promise and result. */
export function unlockKind(deps: Parameters<typeof unlockFulfiller>[0] & { readonly db: Db }): ServerOrderKind<'unlock'> {
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
    schedules: [
      { queue: QUEUES.unlockGuarantee, cron: UNLOCK_GUARANTEE_CRON, run: (workflows) => workflows.keepUnlockGuarantee() },
    ],
  };
}
