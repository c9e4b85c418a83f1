import { UNLOCK_EVENTS } from '../../domain/unlock-fulfilment.ts';
import { QUEUES } from '../jobs/queue.ts';
import { addOrderNote, findOrder, reroute } from '../modules/orders/service.ts';
import {
  advanceTool,
  claimGuaranteeRefund,
  currentAttempt,
  finishAttempt,
  paidAt,
  setUnlockDeadline,
  settleUnlock,
  UNLOCK_ACTIVE_STATUSES,
  type UnlockPlan,
  unlocksDueForGuarantee,
} from '../modules/unlocks/service.ts';
import { orderEmailKey, unlockReroutedEmail } from '../emails/order-emails.ts';
import type { WorkflowDeps } from './deps.ts';
import { refundUnlock } from './fulfillers/unlock.ts';

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

/**
 * The money-back guarantee, kept without being asked (the `unlock.guarantee` job, every minute):
 * an unlock past its deadline (payment + guaranteed hours) is moved once to an untried tool that
 * promises less time (its own deadline: now + that tool's hours), else refunded in full. Each
 * action is claimed by a conditional update, so however many instances run it happens once; the
 * customer gets an order event and an email either way. `now` lets tests move time.
 */
export async function keepUnlockGuarantee(
  deps: Pick<WorkflowDeps, 'db' | 'payments' | 'jobs' | 'mailer' | 'logger' | 'publicUrl'>,
  now = new Date(),
): Promise<{ rerouted: number; refunded: number }> {
  const { db } = deps;
  const counts = { rerouted: 0, refunded: 0 };
  for (const plan of await unlocksDueForGuarantee(db, now, GUARANTEE_BATCH)) {
    try {
      const order = await findOrder(db, plan.orderId);
      if (!order || order.status === 'pending_payment' || order.status === 'expired' || order.status === 'cancelled') {
        continue;
      }
      if (!UNLOCK_ACTIVE_STATUSES.includes(order.status) && plan.guaranteeStep < 2) {
        // Completed or refunded already: nothing to watch.
        await settleUnlock(db, plan.orderId, now);
        continue;
      }
      let deadline = plan.deadlineAt;
      if (!deadline) {
        const paid = await paidAt(db, plan.orderId);
        if (!paid) continue;
        deadline = new Date(paid.getTime() + plan.guaranteedHours * HOUR_MS);
        await setUnlockDeadline(db, plan.orderId, deadline);
      }
      if (deadline.getTime() > now.getTime()) continue;

      const faster = plan.guaranteeStep === 0 ? fasterTool(plan) : null;
      if (faster !== null) {
        const hours = plan.toolMaxHours[faster] ?? plan.guaranteedHours;
        const newDeadline = new Date(now.getTime() + hours * HOUR_MS);
        const won = await advanceTool(db, plan.orderId, {
          from: plan.toolIndex,
          to: faster,
          deadlineAt: newDeadline,
          guaranteeStep: { from: 0, to: 1 },
        });
        if (!won) continue;
        const attempt = await currentAttempt(db, plan);
        const message = UNLOCK_EVENTS.pastGuarantee(plan.guaranteedHours);
        if (attempt?.outcome === null) await finishAttempt(db, attempt.id, 'abandoned', message, now);
        const current = await findOrder(db, plan.orderId);
        if (current && ['submitted', 'in_progress', 'rejected'].includes(current.status)) {
          await reroute(db, plan.orderId, message);
        } else {
          await addOrderNote(db, plan.orderId, message);
        }
        await deps.jobs.enqueue(QUEUES.unlockFulfil, { orderId: plan.orderId });
        if (current) {
          await deps.mailer.send(await unlockReroutedEmail(current, newDeadline, deps.publicUrl), {
            onceKey: orderEmailKey(plan.orderId, 'rerouted', faster),
          });
        }
        counts.rerouted++;
        continue;
      }
      // Claimed before refunding; a claim that crashed is resumed here (the refund itself happens once).
      if (plan.guaranteeStep < 2 && !(await claimGuaranteeRefund(db, plan.orderId, plan.guaranteeStep))) continue;
      const result = await refundUnlock(deps, plan.orderId, UNLOCK_EVENTS.guaranteeRefund(plan.guaranteedHours));
      if (result) counts.refunded++;
    } catch (error) {
      deps.logger.error({ err: error, orderId: plan.orderId }, 'the unlock guarantee could not act on this order');
    }
  }
  return counts;
}
