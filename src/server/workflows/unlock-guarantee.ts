import { supplierWorkEvents } from '../../domain/unlock-fulfilment.ts';
import { UNLOCK_WORKING_STAGES } from '../../domain/unlock-process.ts';
import { inTransaction } from '../db/client.ts';
import { addOrderNote, findOrder, reroute } from '../modules/orders/service.ts';
import {
  currentAttempt,
  moveAttempt,
  moveUnlock,
  paidAt,
  setUnlockDeadline,
  type UnlockPlan,
  unlocksDueForGuarantee,
} from '../modules/unlocks/service.ts';
import type { WorkflowDeps } from './deps.ts';
import { queueFulfilment } from './fulfil-order.ts';

/** How many unlocks one run of the guarantee job looks at; the next minute's run takes the rest. */
const GUARANTEE_BATCH = 100;
const HOUR_MS = 3_600_000;

/** The first tool after the current one that promises less time than it (the guarantee's one reroute). */
function fasterTool(plan: UnlockPlan): number | null {
  const current = plan.toolMaxHours[plan.toolIndex] ?? plan.guaranteedHours;
  for (let index = plan.toolIndex + 1; index < plan.toolIds.length; index++) {
    if ((plan.toolMaxHours[index] ?? Infinity) < current) return index;
  }
  return null;
}

type GuaranteeDeps = Pick<WorkflowDeps, 'db' | 'jobs' | 'kinds' | 'logger'>;

/**
 * Past its guaranteed time, once: the unlock moves to `faster` with its own deadline, the attempt
 * in flight is abandoned and a new job chain starts on the new tool, all in one transaction (the
 * old chain's jobs are stale from then on). Answers the order as moved, or null when another run won.
 */
async function moveToFasterTool(deps: GuaranteeDeps, plan: UnlockPlan, faster: number, now: Date) {
  const deadlineAt = new Date(now.getTime() + (plan.toolMaxHours[faster] ?? plan.guaranteedHours) * HOUR_MS);
  const message = supplierWorkEvents(plan).pastGuarantee(plan.guaranteedHours);
  const moved = await inTransaction(deps.db, async (tx) => {
    const won = await moveUnlock(tx, plan.orderId, 'with_supplier', 'moved_by_guarantee', {
      toolIndex: plan.toolIndex,
      set: { toolIndex: faster, deadlineAt },
    });
    if (!won) return null;
    const attempt = await currentAttempt(tx, plan);
    if (attempt) await moveAttempt(tx, attempt.id, ['placing', 'placed'], 'abandoned', { detail: message, at: now });
    const order = await findOrder(tx, plan.orderId);
    if (order && ['submitted', 'in_progress', 'rejected'].includes(order.status)) {
      await reroute(tx, plan.orderId, message);
    } else {
      await addOrderNote(tx, plan.orderId, message);
    }
    await queueFulfilment(deps, tx, plan.orderId);
    return order;
  });
  return moved;
}

/**
 * The money-back guarantee, kept without being asked (the `unlock.guarantee` job, every minute):
 * an unlock with a supplier past its deadline (payment + guaranteed hours) is moved once to an
 * untried tool that promises less time (its own deadline: now + that tool's hours), else its
 * refund is owed, and a new job chain makes it (retried until the money is back). Each action is a
 * conditional move of the unlock's stage, so however many instances run it happens once; the
 * customer gets an order event either way, and its email follows it (ADR 069). `now` lets tests move time.
 */
export async function keepUnlockGuarantee(
  deps: GuaranteeDeps,
  now = new Date(),
): Promise<{ rerouted: number; refunded: number }> {
  const { db } = deps;
  const counts = { rerouted: 0, refunded: 0 };
  for (const plan of await unlocksDueForGuarantee(db, now, GUARANTEE_BATCH)) {
    try {
      let deadline = plan.deadlineAt;
      if (!deadline) {
        const paid = await paidAt(db, plan.orderId);
        if (!paid) continue;
        deadline = new Date(paid.getTime() + plan.guaranteedHours * HOUR_MS);
        await setUnlockDeadline(db, plan.orderId, deadline);
      }
      if (deadline.getTime() > now.getTime()) continue;

      const faster = plan.stage === 'with_supplier' ? fasterTool(plan) : null;
      if (faster !== null) {
        if (await moveToFasterTool(deps, plan, faster, now)) counts.rerouted++;
        continue;
      }
      const owed = await inTransaction(db, async (tx) => {
        const claimed = await moveUnlock(tx, plan.orderId, UNLOCK_WORKING_STAGES, 'refunding', {
          set: { refundReason: supplierWorkEvents(plan).guaranteeRefund(plan.guaranteedHours) },
        });
        if (claimed) await queueFulfilment(deps, tx, plan.orderId);
        return claimed;
      });
      if (owed) counts.refunded++;
    } catch (error) {
      deps.logger.error({ err: error, orderId: plan.orderId }, 'the unlock guarantee could not act on this order');
    }
  }
  return counts;
}
