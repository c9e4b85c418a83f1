import { formatPrice } from '../../../domain/display.ts';
import type { OrderStatus } from '../../../domain/order.ts';
import { UNLOCK_EVENTS } from '../../../domain/unlock-fulfilment.ts';
import type { Db } from '../../db/client.ts';
import {
  SupplierAccountError,
  SupplierRejectedError,
  SupplierTransportError,
  type UnlockSupplier,
} from '../../integrations/suppliers/types.ts';
import { serviceIdOf } from '../../integrations/suppliers/index.ts';
import {
  orderEmailKey,
  orderSubmittedEmail,
  unlockCompletedEmail,
  unlockReroutedEmail,
  unlockRefundedEmail,
} from '../../emails/order-emails.ts';
import { type JobQueue, QUEUES } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../modules/mail/service.ts';
import {
  addOrderNote,
  failOrder,
  findOrder,
  markFulfilled,
  markInProgress,
  type Order,
  recordRejection,
  reroute,
  startFulfilment,
} from '../../modules/orders/service.ts';
import type { PaymentsService } from '../../modules/payments/service.ts';
import {
  advanceTool,
  countPoll,
  countSupplierError,
  currentAttempt,
  finishAttempt,
  paidAt,
  recordSupplierRef,
  resetSupplierErrors,
  setUnlockDeadline,
  settleUnlock,
  startAttempt,
  UNLOCK_ACTIVE_STATUSES,
  type UnlockAttempt,
  type UnlockPlan,
  unlockAttempts,
  unlockPlan,
} from '../../modules/unlocks/service.ts';
import { queueDelayNotice } from '../order-emails.ts';
import { refundOrder } from '../refund-order.ts';
import type { Fulfiller, FulfilStep } from './fulfiller.ts';

/** How long to wait before asking the supplier again: doubling from `firstSeconds`, at most `maxSeconds`. */
export interface UnlockBackoff {
  readonly firstSeconds: number;
  readonly maxSeconds: number;
}

/** 30 s, 1 min, 2 min … at most 15 min between two looks at a supplier order (or a supplier that failed). */
export const DEFAULT_UNLOCK_BACKOFF: UnlockBackoff = { firstSeconds: 30, maxSeconds: 15 * 60 };

export function backoffSeconds(backoff: UnlockBackoff, tries: number): number {
  return Math.min(backoff.firstSeconds * 2 ** Math.max(0, tries), backoff.maxSeconds);
}

export interface UnlockDeps {
  readonly db: Db;
  readonly supplier: UnlockSupplier;
  readonly payments: PaymentsService;
  readonly mailer: Mailer;
  readonly jobs: JobQueue;
  readonly logger: Logger;
  readonly publicUrl: string;
  readonly backoff?: UnlockBackoff;
}

/** States from which an unlock that cannot be done is failed before its refund (a rejected one refunds directly). */
const FAIL_BEFORE_REFUND: readonly OrderStatus[] = ['paid', 'submitted', 'in_progress', 'rerouted'];

/**
 * Refunds an unlock in full, once, and tells the customer why: the order fails (or, declined,
 * notes the reason), the refund goes through the payment provider (refund-order.ts, exactly once
 * however many callers), the unlock stops being watched, and only the caller that recorded the
 * refund sends the email.
 */
export async function refundUnlock(deps: Omit<UnlockDeps, 'supplier' | 'jobs'>, orderId: string, reason: string) {
  const order = await findOrder(deps.db, orderId);
  if (!order) return null;
  if (FAIL_BEFORE_REFUND.includes(order.status)) await failOrder(deps.db, orderId, reason);
  else if (order.status === 'rejected') await addOrderNote(deps.db, orderId, reason);
  for (const attempt of await unlockAttempts(deps.db, orderId)) {
    if (attempt.outcome === null) await finishAttempt(deps.db, attempt.id, 'abandoned', reason);
  }
  const result = await refundOrder(deps, orderId, (refunded, refundable) => {
    if (refunded) return UNLOCK_EVENTS.refunded(formatPrice(refundable.totalCents));
    return refundable.totalCents > 0 ? UNLOCK_EVENTS.refundByHand : UNLOCK_EVENTS.nothingCharged;
  });
  await settleUnlock(deps.db, orderId);
  if (result) {
    await deps.mailer.send(await unlockRefundedEmail(result.order, reason, result.refunded, deps.publicUrl), {
      onceKey: orderEmailKey(orderId, 'refunded'),
    });
  }
  return result;
}

/**
 * An unlock is carried out one short step per job run, each safe to repeat and to run twice at once:
 * - submit to the plan's current tool: the attempt row and its `reference` are stored first, the
 *   supplier's REFERENCEID right after; a run that finds the attempt without it submits again with
 *   the same reference, which the supplier answers with the same order (never a second one);
 * - poll the supplier with backoff, each poll a job that starts later (no worker waits);
 * - a success stores the result, completes the order and mails it; a rejection records the
 *   reason and moves to the next tool of the quote, or, with none left, refunds in full once.
 * A transport or account error says nothing about the order: the run ends and is tried again later.
 */
export function unlockFulfiller(deps: UnlockDeps): Fulfiller {
  const { db, supplier, mailer, jobs, logger, publicUrl } = deps;
  const backoff = deps.backoff ?? DEFAULT_UNLOCK_BACKOFF;
  const done: FulfilStep = { remaining: false };
  const again = (afterSeconds = 0): FulfilStep => ({ remaining: true, afterSeconds });

  /**
   * The first step starts the guarantee's clock and the delay notice's (both from payment). The
   * notice is queued first: a crash in between queues it again on the next run (it mails once).
   */
  async function ensureDeadline(plan: UnlockPlan): Promise<UnlockPlan> {
    if (plan.deadlineAt) return plan;
    const paid = (await paidAt(db, plan.orderId)) ?? new Date();
    const deadlineAt = new Date(paid.getTime() + plan.guaranteedHours * 3_600_000);
    await queueDelayNotice(jobs, plan.orderId, paid, plan.averageHours);
    await setUnlockDeadline(db, plan.orderId, deadlineAt);
    return { ...plan, deadlineAt };
  }

  /** The customer hears of the first submission (a move to another tool has its own email). */
  async function mailSubmitted(order: Order, plan: UnlockPlan) {
    const promise = {
      averageHours: plan.averageHours,
      guaranteedHours: plan.guaranteedHours,
      guaranteedBy: plan.deadlineAt,
    };
    await mailer.send(await orderSubmittedEmail(order, promise, publicUrl), {
      onceKey: orderEmailKey(order.id, 'submitted'),
    });
  }

  async function afterRejection(plan: UnlockPlan, attempt: UnlockAttempt): Promise<FulfilStep> {
    const order = await findOrder(db, plan.orderId);
    if (!order) return done;
    if (order.status === 'paid') await startFulfilment(db, order.id, UNLOCK_EVENTS.submitted);
    if (['paid', 'submitted', 'in_progress', 'rerouted'].includes(order.status)) {
      await recordRejection(db, order.id, UNLOCK_EVENTS.rejected(attempt.detail ?? 'no reason given'));
    }
    const next = attempt.toolIndex + 1;
    if (next >= plan.toolIds.length) {
      await refundUnlock(deps, order.id, UNLOCK_EVENTS.noSupplierLeft);
      return done;
    }
    await advanceTool(db, order.id, { from: attempt.toolIndex, to: next });
    if ((await findOrder(db, order.id))?.status === 'rejected') {
      const moved = await reroute(db, order.id, UNLOCK_EVENTS.rerouted);
      if (moved) {
        await mailer.send(await unlockReroutedEmail(moved, null, publicUrl), {
          onceKey: orderEmailKey(order.id, 'rerouted', next),
        });
      }
    }
    return again();
  }

  async function submit(order: Order, plan: UnlockPlan, found: UnlockAttempt | null): Promise<FulfilStep> {
    if (order.status === 'rejected') await reroute(db, order.id, UNLOCK_EVENTS.rerouted);
    const attempt = found ?? (await startAttempt(db, plan));
    const serviceId = serviceIdOf(supplier, attempt.toolId);
    let supplierRef: string;
    try {
      if (!serviceId) throw new SupplierRejectedError(`tool ${attempt.toolId} is not offered by ${supplier.name}`);
      ({ supplierRef } = await supplier.placeOrder({ serviceId, imei: plan.imei, reference: attempt.reference }));
    } catch (error) {
      if (!(error instanceof SupplierRejectedError)) throw error;
      // Another run (or the guarantee) ended this attempt first: the next run follows what it did.
      if (!(await finishAttempt(db, attempt.id, 'rejected', error.message))) return again();
      return afterRejection(plan, { ...attempt, outcome: 'rejected', detail: error.message });
    }
    await recordSupplierRef(db, attempt.id, supplierRef);
    await resetSupplierErrors(db, order.id);
    const current = await findOrder(db, order.id);
    if (current?.status === 'paid' || current?.status === 'rerouted') {
      await startFulfilment(db, order.id, UNLOCK_EVENTS.submitted);
      if (current.status === 'paid') await mailSubmitted(current, plan);
    }
    return again(backoffSeconds(backoff, 0));
  }

  async function complete(plan: UnlockPlan, result: string): Promise<FulfilStep> {
    const order = await findOrder(db, plan.orderId);
    // Rendered before the status change, so the email follows the change at once.
    const mail = order && (await unlockCompletedEmail(order, result, plan.brandSlug, publicUrl));
    const fulfilled = await markFulfilled(db, plan.orderId, UNLOCK_EVENTS.completed);
    await settleUnlock(db, plan.orderId);
    if (fulfilled && mail) await mailer.send(mail, { onceKey: orderEmailKey(plan.orderId, 'completed') });
    return done;
  }

  async function poll(order: Order, plan: UnlockPlan, attempt: UnlockAttempt & { supplierRef: string }) {
    const status = await supplier.orderStatus(attempt.supplierRef);
    await resetSupplierErrors(db, order.id);
    // An attempt another run (or the guarantee) ended first is left to what that run did.
    if (status.state === 'success') {
      if (!(await finishAttempt(db, attempt.id, 'success', status.result))) return again();
      return complete(plan, status.result);
    }
    if (status.state === 'rejected') {
      if (!(await finishAttempt(db, attempt.id, 'rejected', status.reason))) return again();
      return afterRejection(plan, { ...attempt, outcome: 'rejected', detail: status.reason });
    }
    if (status.state === 'in_process' && (order.status === 'submitted' || order.status === 'rerouted')) {
      await markInProgress(db, order.id, UNLOCK_EVENTS.inProgress);
    }
    return again(backoffSeconds(backoff, await countPoll(db, attempt.id)));
  }

  async function step(order: Order, plan: UnlockPlan): Promise<FulfilStep> {
    const attempt = await currentAttempt(db, plan);
    if (!attempt?.supplierRef) return submit(order, plan, attempt);
    const { supplierRef } = attempt;
    if (attempt.outcome === null) return poll(order, plan, { ...attempt, supplierRef });
    if (attempt.outcome === 'rejected') return afterRejection(plan, attempt);
    if (attempt.outcome === 'success') return complete(plan, attempt.detail ?? '');
    // Abandoned by the guarantee, which moves the plan on: the next run finds the new tool.
    return again(backoff.firstSeconds);
  }

  return {
    queue: QUEUES.unlockFulfil,
    deadLetterQueue: QUEUES.unlockFulfilFailed,

    async fulfil(orderId) {
      const order = await findOrder(db, orderId);
      if (!order || !UNLOCK_ACTIVE_STATUSES.includes(order.status)) return done;
      const plan = await unlockPlan(db, orderId);
      if (!plan) throw new Error(`unlock order ${orderId} has no tool plan`);
      const promised = await ensureDeadline(plan);
      try {
        return await step(order, promised);
      } catch (error) {
        if (!(error instanceof SupplierTransportError) && !(error instanceof SupplierAccountError)) throw error;
        const errors = await countSupplierError(db, orderId);
        const log = { err: error, orderId, supplier: supplier.id, errors };
        if (error instanceof SupplierAccountError) logger.error(log, 'the unlock supplier refused our account');
        else logger.warn(log, 'the unlock supplier could not be reached; trying again later');
        return again(backoffSeconds(backoff, errors - 1));
      }
    },

    async giveUp(orderId) {
      const order = await findOrder(db, orderId);
      if (!order || !UNLOCK_ACTIVE_STATUSES.includes(order.status)) return;
      logger.error({ orderId }, 'unlock fulfilment used up its retries; refunding');
      await refundUnlock(deps, orderId, UNLOCK_EVENTS.gaveUp);
    },
  };
}
