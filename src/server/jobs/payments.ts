import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { DeliverEventJob } from '../modules/payments/event-delivery.ts';
import { reconcilePayments } from '../modules/payments/reconcile.ts';
import type { PaymentsService } from '../modules/payments/service.ts';
import { type JobQueue, QUEUES } from './queue.ts';

/** Every minute, shared by all instances through pg-boss's clock. */
export const RECONCILE_CRON = '* * * * *';

/**
 * `payments.deliver-event`: one attempt to deliver a sandbox event (retried with backoff by the
 * queue). `payments.reconcile`, every minute and once at start: queues the sandbox's due events,
 * then settles orders whose session the provider reports paid.
 */
export async function registerPaymentJobs(jobs: JobQueue, deps: { db: Db; payments: PaymentsService; logger: Logger }) {
  const { payments } = deps;
  const events = payments.sandboxEvents;
  if (events) await jobs.work<DeliverEventJob>(QUEUES.paymentsDeliverEvent, (job) => events.deliverQueued(job));
  await jobs.work(QUEUES.paymentsReconcile, async () => {
    await events?.queueDue();
    await reconcilePayments(deps);
  });
  await jobs.schedule(QUEUES.paymentsReconcile, RECONCILE_CRON);
  // A store that starts after a crash sends what the last one left undelivered at once.
  await jobs.enqueue(QUEUES.paymentsReconcile, {});
}
