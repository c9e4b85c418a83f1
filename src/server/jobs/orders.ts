import type { FulfilmentJob } from '../workflows/fulfil-order.ts';
import type { OrderKinds } from '../kinds/index.ts';
import type { Workflows } from '../workflows/index.ts';
import type { OrderEmailJob } from '../workflows/order-emails.ts';
import type { OrderEventSubscriber } from '../workflows/order-events.ts';
import type { DispatchedOrderEvent } from '../modules/orders/service.ts';
import { JOB_WORK_BUDGET_MS, type JobQueue, QUEUES } from './queue.ts';

/** How often unpaid orders whose payment session ran out are expired (pg-boss cron, once per tick across instances). */
export const EXPIRE_UNPAID_CRON = '* * * * *';
/** How often lost fulfilment chains are looked for (each is overdue by minutes before it counts). */
export const REVIVE_FULFILMENT_CRON = '*/5 * * * *';
/** How often order events no instance relayed are looked for. */
export const RELAY_ORDER_EVENTS_CRON = '* * * * *';

/**
 * The order jobs: each kind's delivery queue (retried with backoff; a few seconds of work per
 * job, ADR 024) and its dead letters, which give the order up visibly (failed, with its event,
 * refunded); each kind's periodic work; the revival of lost fulfilment chains; and the periodic
 * expiry of unpaid orders whose payment session has run out, which gives their coupon uses back.
 */
export async function registerOrderJobs(
  jobs: JobQueue,
  workflows: Workflows,
  kinds: OrderKinds,
  subscribers: readonly OrderEventSubscriber[],
) {
  for (const subscriber of subscribers) {
    await jobs.work<DispatchedOrderEvent>(subscriber.queue, (event) => subscriber.handle(event));
  }
  // The relay runs as events are announced; this sweep catches an announcement no instance heard.
  await jobs.work(QUEUES.orderEventsRelay, async () => {
    await workflows.relayOrderEvents();
  });
  await jobs.schedule(QUEUES.orderEventsRelay, RELAY_ORDER_EVENTS_CRON);
  for (const kind of Object.values(kinds)) {
    for (const periodic of kind.schedules ?? []) {
      await jobs.work(periodic.queue, async () => {
        await periodic.run(workflows);
      });
      await jobs.schedule(periodic.queue, periodic.cron);
    }
    const fulfiller = kind.fulfiller;
    if (!fulfiller) continue;
    // A big order (or a supplier to poll later) goes on in a fresh job of its chain: no job
    // outlives the expiry that tells a dead worker's job, and none holds a worker while it waits.
    await jobs.work<FulfilmentJob>(fulfiller.queue, (job) =>
      workflows.runFulfilmentStep(job, { budgetMs: JOB_WORK_BUDGET_MS }),
    );
    await jobs.work<FulfilmentJob>(fulfiller.deadLetterQueue, (job) => workflows.giveUpOrder(job));
  }
  await jobs.work(QUEUES.ordersReviveFulfilment, async () => {
    await workflows.reviveStalledFulfilments();
  });
  await jobs.schedule(QUEUES.ordersReviveFulfilment, REVIVE_FULFILMENT_CRON);
  await jobs.work(QUEUES.ordersCancelUnpaid, async () => {
    await workflows.expireUnpaidOrders();
  });
  await jobs.schedule(QUEUES.ordersCancelUnpaid, EXPIRE_UNPAID_CRON);
  await jobs.work<OrderEmailJob>(QUEUES.orderEmail, async (job) => {
    await workflows.sendQueuedOrderEmail(job);
  });
}
