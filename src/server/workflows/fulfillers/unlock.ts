import { formatPrice } from '../../../domain/display.ts';
import type { OrderStatus } from '../../../domain/order.ts';
import { supplierWorkEvents, UNLOCK_EVENTS } from '../../../domain/unlock-fulfilment.ts';
import {
  REFUND_ALERT_AFTER_FAILURES,
  UNLOCK_OPEN_STAGES,
  UNLOCK_WATCH_HOURS,
  UNLOCK_WORKING_STAGES,
} from '../../../domain/unlock-process.ts';
import { type Db, inTransaction } from '../../db/client.ts';
import {
  SupplierAccountError,
  SupplierRejectedError,
  SupplierTransportError,
  type UnlockSupplier,
} from '../../integrations/suppliers/types.ts';
import { serviceIdOf } from '../../integrations/suppliers/index.ts';
import { type JobQueue, QUEUES, type QueueName } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
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
  claimImeiAtPayment,
  countPoll,
  countRefundFailure,
  countSupplierError,
  currentAttempt,
  moveAttempt,
  moveToNextTool,
  moveUnlock,
  paidAt,
  recordSupplierRef,
  resetSupplierErrors,
  setUnlockDeadline,
  startAttempt,
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
  /**
   * The least wait after the supplier refused our account (ACCOUNT_REFUSED_SECONDS unless set):
   * credit or credentials are put right by a person, who then retries; calling sooner changes
   * nothing and can get the account locked.
   */
  readonly accountSeconds?: number;
}

/** 30 s, 1 min, 2 min … at most 15 min between two looks at a supplier order (or a supplier that failed). */
export const DEFAULT_UNLOCK_BACKOFF: UnlockBackoff = { firstSeconds: 30, maxSeconds: 15 * 60 };
/** After an account refusal the supplier is called again in 15 minutes at the soonest (ADR 080). */
export const ACCOUNT_REFUSED_SECONDS = 15 * 60;

export function backoffSeconds(backoff: UnlockBackoff, tries: number): number {
  // The doubling stops long before 2 ** tries overflows (0 × Infinity would be NaN: no due time at all).
  return Math.min(backoff.firstSeconds * 2 ** Math.min(Math.max(0, tries), 30), backoff.maxSeconds);
}

export interface UnlockDeps {
  readonly db: Db;
  readonly supplier: UnlockSupplier;
  readonly payments: PaymentsService;
  readonly jobs: JobQueue;
  readonly logger: Logger;
  readonly publicUrl: string;
  readonly backoff?: UnlockBackoff;
  /** Its job queue and dead letters: a device service runs the same steps on its own (ADR 071). */
  readonly queues?: { readonly queue: QueueName; readonly deadLetterQueue: QueueName };
}

/** States from which an unlock that cannot be done is failed before its refund (a rejected one refunds directly). */
const FAIL_BEFORE_REFUND: readonly OrderStatus[] = ['paid', 'submitted', 'in_progress', 'rerouted'];

/**
 * Refunds an unlock in full, once, and says why: the order fails (or, declined, notes the reason),
 * an attempt not yet placed is abandoned (one the supplier holds is watched after the refund), and
 * the refund goes through the payment provider (refund-order.ts, exactly once however many
 * callers). Throws when the provider fails: the refunding stage tries again.
 */
async function refundUnlock(deps: Omit<UnlockDeps, 'supplier' | 'jobs'>, orderId: string, reason: string) {
  const order = await findOrder(deps.db, orderId);
  if (!order) return null;
  if (FAIL_BEFORE_REFUND.includes(order.status)) await failOrder(deps.db, orderId, reason);
  else if (order.status === 'rejected') await addOrderNote(deps.db, orderId, reason);
  for (const attempt of await unlockAttempts(deps.db, orderId)) {
    if (attempt.state === 'placing') await moveAttempt(deps.db, attempt.id, 'placing', 'abandoned', { detail: reason });
  }
  return refundOrder(deps, orderId, (refunded, refundable) => {
    if (refunded) return UNLOCK_EVENTS.refunded(formatPrice(refundable.totalCents));
    return refundable.totalCents > 0 ? UNLOCK_EVENTS.refundByHand : UNLOCK_EVENTS.nothingCharged;
  });
}

/**
 * An unlock is carried out one short step per job of its chain, each safe to repeat and to run
 * twice at once, chosen by the unlock's stage (src/domain/unlock-process.ts):
 * - with a supplier: submit to the plan's current tool (the attempt and its `reference` are stored
 *   first, the supplier's REFERENCEID right after; a run that finds the attempt still placing
 *   submits again with the same reference, which the supplier answers with the same order), then
 *   poll it with backoff; a success completes the order; a rejection moves to the
 *   next tool of the quote or, with none left, makes the refund owed;
 * - refunding: refund in full, once; a provider failure is tried again with backoff for as long as
 *   it takes (the team is alerted after REFUND_ALERT_AFTER_FAILURES);
 * - watching: after the refund, the supplier order it still holds is looked at until
 *   UNLOCK_WATCH_HOURS have passed; a late success is delivered at no charge and its cost recorded
 *   as the store's loss.
 * A transport or account error says nothing about the order: the run ends and is tried again later.
 * The customer's emails follow the order's events (server/kinds/unlock.ts), never these steps.
 */
export function unlockFulfiller(deps: UnlockDeps): Fulfiller {
  const { db, supplier, jobs, logger } = deps;
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

  async function afterRejection(plan: UnlockPlan, attempt: UnlockAttempt): Promise<FulfilStep> {
    const order = await findOrder(db, plan.orderId);
    if (!order) return done;
    const events = supplierWorkEvents(plan);
    if (order.status === 'paid') await startFulfilment(db, order.id, events.submitted);
    if (['paid', 'submitted', 'in_progress', 'rerouted'].includes(order.status)) {
      await recordRejection(db, order.id, events.rejected(attempt.detail ?? 'no reason given'));
    }
    const next = attempt.toolIndex + 1;
    if (next >= plan.toolIds.length) {
      await moveUnlock(db, order.id, UNLOCK_WORKING_STAGES, 'refunding', {
        set: { refundReason: events.noSupplierLeft },
      });
      return again();
    }
    await moveToNextTool(db, order.id, attempt.toolIndex);
    if ((await findOrder(db, order.id))?.status === 'rejected') await reroute(db, order.id, events.rerouted);
    return again();
  }

  async function submit(order: Order, plan: UnlockPlan, found: UnlockAttempt | null): Promise<FulfilStep> {
    const events = supplierWorkEvents(plan);
    if (order.status === 'rejected') await reroute(db, order.id, events.rerouted);
    const attempt = found ?? (await startAttempt(db, plan));
    const serviceId = serviceIdOf(supplier, attempt.toolId);
    let supplierRef: string;
    try {
      if (!serviceId) throw new SupplierRejectedError(`tool ${attempt.toolId} is not offered by ${supplier.name}`);
      ({ supplierRef } = await supplier.placeOrder({
        serviceId,
        imei: plan.imei,
        reference: attempt.reference,
        fields: plan.fields,
      }));
    } catch (error) {
      if (!(error instanceof SupplierRejectedError)) throw error;
      // Another run (or the guarantee) ended this attempt first: the next run follows what it did.
      if (!(await moveAttempt(db, attempt.id, 'placing', 'rejected', { detail: error.message }))) return again();
      return afterRejection(plan, { ...attempt, state: 'rejected', detail: error.message });
    }
    await recordSupplierRef(db, attempt.id, supplierRef);
    await resetSupplierErrors(db, order.id);
    const current = await findOrder(db, order.id);
    if (current) await catchUp(current, plan);
    return again(backoffSeconds(backoff, 0));
  }

  /**
   * The order follows its supplier work: a run cut off between recording the supplier's order and
   * moving the order on (the database went away, the process died) left it paid or rerouted while
   * the supplier has it. Answers the order's status after.
   */
  async function catchUp(order: Order, plan: UnlockPlan): Promise<OrderStatus> {
    if (order.status !== 'paid' && order.status !== 'rerouted') return order.status;
    await startFulfilment(db, order.id, supplierWorkEvents(plan).submitted);
    return 'submitted';
  }

  /** Delivered: the stage is claimed first (the guarantee may have made a refund owed meanwhile), then the order completes. */
  async function complete(plan: UnlockPlan): Promise<FulfilStep> {
    if (plan.stage !== 'completed' && !(await moveUnlock(db, plan.orderId, UNLOCK_WORKING_STAGES, 'completed'))) {
      return again();
    }
    const order = await findOrder(db, plan.orderId);
    if (order) await catchUp(order, plan);
    await markFulfilled(db, plan.orderId, supplierWorkEvents(plan).completed);
    return done;
  }

  async function poll(order: Order, plan: UnlockPlan, attempt: UnlockAttempt & { supplierRef: string }) {
    const orderStatus = await catchUp(order, plan);
    const status = await supplier.orderStatus(attempt.supplierRef);
    await resetSupplierErrors(db, order.id);
    // An attempt another run (or the guarantee) ended first is left to what that run did.
    if (status.state === 'success') {
      if (!(await moveAttempt(db, attempt.id, 'placed', 'succeeded', { detail: status.result }))) return again();
      return complete(plan);
    }
    if (status.state === 'rejected') {
      if (!(await moveAttempt(db, attempt.id, 'placed', 'rejected', { detail: status.reason }))) return again();
      return afterRejection(plan, { ...attempt, state: 'rejected', detail: status.reason });
    }
    if (status.state === 'in_process' && orderStatus === 'submitted') {
      await markInProgress(db, order.id, supplierWorkEvents(plan).inProgress);
    }
    return again(backoffSeconds(backoff, await countPoll(db, attempt.id)));
  }

  async function withSupplier(order: Order, found: UnlockPlan): Promise<FulfilStep> {
    const plan = await ensureDeadline(found);
    const attempt = await currentAttempt(db, plan);
    if (!attempt || attempt.state === 'placing') return submit(order, plan, attempt);
    const { supplierRef } = attempt;
    if (attempt.state === 'placed' && supplierRef) return poll(order, plan, { ...attempt, supplierRef });
    if (attempt.state === 'rejected') return afterRejection(plan, attempt);
    if (attempt.state === 'succeeded') return complete(plan);
    // Abandoned by the guarantee, which moves the plan on: the next run finds the new tool.
    return again(backoff.firstSeconds);
  }

  async function refund(plan: UnlockPlan): Promise<FulfilStep> {
    try {
      await refundUnlock(deps, plan.orderId, plan.refundReason ?? supplierWorkEvents(plan).refundOwed);
    } catch (error) {
      const failures = await countRefundFailure(db, plan.orderId);
      const log = { err: error, orderId: plan.orderId, failures, alert: failures >= REFUND_ALERT_AFTER_FAILURES };
      if (failures === REFUND_ALERT_AFTER_FAILURES)
        logger.error(log, 'an unlock refund keeps failing: check it by hand');
      else logger.warn(log, 'an unlock refund failed; trying again later');
      return again(backoffSeconds(backoff, failures - 1));
    }
    const attempts = await unlockAttempts(db, plan.orderId);
    const held = attempts.find((attempt) => attempt.state === 'placed');
    if (held || attempts.some((attempt) => attempt.state === 'succeeded')) {
      if (held) await moveAttempt(db, held.id, 'placed', 'watched', { at: null });
      await moveUnlock(db, plan.orderId, 'refunding', 'watching', {
        set: { watchUntil: new Date(Date.now() + UNLOCK_WATCH_HOURS * 3_600_000) },
      });
      return again();
    }
    await moveUnlock(db, plan.orderId, 'refunding', 'refunded');
    return done;
  }

  /** A supplier finished the unlock after its refund: the result is the customer's, the cost the store's loss. */
  async function deliverLate(plan: UnlockPlan, attempt: UnlockAttempt): Promise<FulfilStep> {
    const lossCents = plan.toolCostsCents[attempt.toolIndex] ?? 0;
    const moved = await inTransaction(db, async (tx) => {
      if (!(await moveUnlock(tx, plan.orderId, 'watching', 'completed_after_refund', { set: { lossCents } }))) {
        return false;
      }
      await addOrderNote(tx, plan.orderId, supplierWorkEvents(plan).completedAfterRefund);
      return true;
    });
    if (!moved) return again();
    logger.warn({ orderId: plan.orderId, lossCents }, 'an unlock finished after its refund: its cost is a loss');
    return done;
  }

  async function watch(plan: UnlockPlan): Promise<FulfilStep> {
    const attempts = await unlockAttempts(db, plan.orderId);
    const finished = attempts.find((attempt) => attempt.state === 'succeeded');
    if (finished) return deliverLate(plan, finished);
    const watched = attempts.find((attempt) => attempt.state === 'watched');
    if (!watched?.supplierRef || (plan.watchUntil && plan.watchUntil.getTime() <= Date.now())) {
      if (watched) await moveAttempt(db, watched.id, 'watched', 'expired');
      await moveUnlock(db, plan.orderId, 'watching', 'refunded');
      return done;
    }
    const status = await supplier.orderStatus(watched.supplierRef);
    await resetSupplierErrors(db, plan.orderId);
    if (status.state === 'success') {
      if (!(await moveAttempt(db, watched.id, 'watched', 'succeeded', { detail: status.result }))) return again();
      return deliverLate(plan, { ...watched, state: 'succeeded', detail: status.result });
    }
    if (status.state === 'rejected') {
      await moveAttempt(db, watched.id, 'watched', 'rejected', { detail: status.reason });
      await moveUnlock(db, plan.orderId, 'watching', 'refunded');
      return done;
    }
    return again(backoffSeconds(backoff, await countPoll(db, watched.id)));
  }

  async function step(order: Order, plan: UnlockPlan): Promise<FulfilStep> {
    switch (plan.stage) {
      case 'with_supplier':
      case 'moved_by_guarantee':
        return withSupplier(order, plan);
      case 'refunding':
        return refund(plan);
      case 'watching':
        return watch(plan);
      case 'completed': {
        // Claimed, but the order's completion did not follow (a crash in between): finish it.
        const attempt = (await unlockAttempts(db, plan.orderId)).find((found) => found.state === 'succeeded');
        return order.status === 'fulfilled' || !attempt ? done : complete(plan);
      }
      default:
        return done;
    }
  }

  return {
    ...(deps.queues ?? { queue: QUEUES.unlockFulfil, deadLetterQueue: QUEUES.unlockFulfilFailed }),
    onPaid: async (tx, order) => {
      await claimImeiAtPayment(tx, order.id);
    },
    async fulfil(orderId) {
      const order = await findOrder(db, orderId);
      if (!order) return done;
      const plan = await unlockPlan(db, orderId);
      if (!plan) throw new Error(`unlock order ${orderId} has no tool plan`);
      try {
        return await step(order, plan);
      } catch (error) {
        if (!(error instanceof SupplierTransportError) && !(error instanceof SupplierAccountError)) throw error;
        const refused = error instanceof SupplierAccountError;
        const errors = await countSupplierError(db, orderId, refused ? 'account' : 'transport');
        const log = { err: error, orderId, supplier: supplier.id, errors };
        if (refused) logger.error(log, 'the unlock supplier refused our account; a person is asked to look');
        else logger.warn(log, 'the unlock supplier could not be reached; trying again later');
        const wait = backoffSeconds(backoff, errors - 1);
        return again(refused ? Math.max(wait, backoff.accountSeconds ?? ACCOUNT_REFUSED_SECONDS) : wait);
      }
    },
    async giveUp(orderId) {
      const plan = await unlockPlan(db, orderId);
      if (!plan || !UNLOCK_OPEN_STAGES.includes(plan.stage)) return done;
      logger.error({ orderId, stage: plan.stage }, 'unlock fulfilment used up its retries');
      // A working unlock is refunded; a refund or a watch goes on in a new chain.
      await moveUnlock(db, orderId, UNLOCK_WORKING_STAGES, 'refunding', {
        set: { refundReason: supplierWorkEvents(plan).gaveUp },
      });
      return again(backoff.firstSeconds);
    },
    // The store's refund goes through the process's own refunding stage, like the guarantee's.
    storeRefund: {
      async allowed(orderId) {
        const plan = await unlockPlan(db, orderId);
        return plan !== null && UNLOCK_WORKING_STAGES.includes(plan.stage);
      },
      start: (tx, orderId, reason) =>
        moveUnlock(tx, orderId, UNLOCK_WORKING_STAGES, 'refunding', { set: { refundReason: reason } }),
    },
    // An admin's move to the plan's next supplier service: the attempt in flight is abandoned, the
    // deadline the customer was promised stays, and the caller queues the new chain.
    storeReroute: {
      async next(orderId) {
        const plan = await unlockPlan(db, orderId);
        if (!plan || !UNLOCK_WORKING_STAGES.includes(plan.stage)) return null;
        return plan.toolIds[plan.toolIndex + 1] ?? null;
      },
      async start(tx, orderId, message) {
        const plan = await unlockPlan(tx, orderId);
        if (!plan || plan.toolIndex + 1 >= plan.toolIds.length) return false;
        if (!(await moveToNextTool(tx, orderId, plan.toolIndex))) return false;
        const attempt = await currentAttempt(tx, plan);
        if (attempt) await moveAttempt(tx, attempt.id, ['placing', 'placed'], 'abandoned', { detail: message });
        const order = await findOrder(tx, orderId);
        if (order && ['submitted', 'in_progress', 'rejected'].includes(order.status))
          await reroute(tx, orderId, message);
        return true;
      },
    },
  };
}
