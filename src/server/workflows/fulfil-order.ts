import { type Db, inTransaction, sqlExecutorOf } from '../db/client.ts';
import {
  advanceFulfilmentChain,
  failOrder,
  findOrder,
  startFulfilmentChain,
  stalledFulfilments,
} from '../modules/orders/service.ts';
import type { WorkflowDeps } from './deps.ts';

/**
 * One job of an order's fulfilment chain (ADR 067). `step` is the chain step it runs; a job
 * queued before steps existed has none and counts as step 0.
 */
export interface FulfilmentJob {
  readonly orderId: string;
  readonly step?: number;
}

type ChainDeps = Pick<WorkflowDeps, 'db' | 'jobs' | 'kinds'>;

/**
 * Starts a new fulfilment chain for the order in the caller's transaction: the job exists only if
 * it commits, and every job of an older chain of the order is stale from then on (one live chain
 * per order, however often this is called: payment, the guarantee's moves, a revival).
 */
export async function queueFulfilment(
  deps: Pick<WorkflowDeps, 'jobs' | 'kinds'>,
  tx: Db, orderId: string, afterSeconds = 0): Promise<void> {
  const order = await findOrder(tx, orderId);
  const fulfiller = order && deps.kinds[order.kind].fulfiller;
  if (!fulfiller) return;
  const step = await startFulfilmentChain(tx, orderId, afterSeconds);
  const job: FulfilmentJob = { orderId, step };
  await deps.jobs.enqueue(fulfiller.queue, job, { executor: sqlExecutorOf(tx), afterSeconds });
}

/**
 * Runs one step of an order's fulfilment chain (the delivery job's work), for at most `budgetMs`
 * of new work. A job whose step is not the order's live one is stale and does nothing. After the
 * work, the live step moves on and its next job is queued in one transaction: if two runs of one
 * step race (a retried job beside the slow original), only one queues what follows.
 */
export async function runFulfilmentStep(
  deps: ChainDeps,
  job: FulfilmentJob,
  options?: { budgetMs?: number },
): Promise<void> {
  const order = await findOrder(deps.db, job.orderId);
  const step = job.step ?? 0;
  if (!order || order.fulfilmentStep !== step) return;
  const fulfiller = deps.kinds[order.kind].fulfiller;
  if (!fulfiller) throw new Error(`no fulfiller for ${order.kind} orders`);
  const { remaining, afterSeconds = 0 } = await fulfiller.fulfil(order.id, options);
  await inTransaction(deps.db, async (tx) => {
    const next = await advanceFulfilmentChain(tx, order.id, step, remaining ? afterSeconds : null);
    if (next === null || !remaining) return;
    const following: FulfilmentJob = { orderId: order.id, step: next };
    await deps.jobs.enqueue(fulfiller.queue, following, { executor: sqlExecutorOf(tx), afterSeconds });
  });
}

/**
 * A delivery that used up its retries (the dead letter): the kind's fulfiller gives up — the
 * order fails visibly, with its event, and its payment goes back; when that is work of its own
 * (a refund to make), a new chain carries it. A kind without a fulfiller still ends visibly
 * failed, never nowhere. A stale chain's dead job changes nothing.
 */
export async function giveUpOrder(deps: ChainDeps, job: FulfilmentJob): Promise<void> {
  const order = await findOrder(deps.db, job.orderId);
  if (!order || order.fulfilmentStep !== (job.step ?? 0)) return;
  const fulfiller = deps.kinds[order.kind].fulfiller;
  if (!fulfiller) {
    if (order.status === 'paid') await failOrder(deps.db, order.id, 'We could not complete your order.');
    return;
  }
  const after = await fulfiller.giveUp(order.id);
  await inTransaction(deps.db, async (tx) => {
    if (after.remaining) await queueFulfilment(deps, tx, order.id, after.afterSeconds);
    else await advanceFulfilmentChain(tx, order.id, order.fulfilmentStep, null);
  });
}

/**
 * Starts a new chain for every order whose chain is long overdue (its jobs were lost): no paid
 * order is left without a job that will finish it. Answers how many were started.
 */
export async function reviveStalledFulfilments(deps: ChainDeps & Pick<WorkflowDeps, 'logger'>, now = new Date()) {
  const orderIds = await stalledFulfilments(deps.db, now);
  for (const orderId of orderIds) {
    deps.logger.warn({ orderId }, 'an order fulfilment chain was overdue; starting it again');
    await inTransaction(deps.db, (tx) => queueFulfilment(deps, tx, orderId));
  }
  return orderIds.length;
}
