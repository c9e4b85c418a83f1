import type { EsimFulfilment } from '../modules/esim/fulfilment.ts';
import { JOB_WORK_BUDGET_MS, type JobQueue, QUEUES } from './queue.ts';

interface OrderJob {
  readonly orderId: string;
}

/**
 * `esim.provision`: deliver a paid order (retried with backoff), a few seconds of provisioning per
 * job; its dead letters land in
 * `esim.provision.failed`, whose worker fails the order and refunds it.
 */
export async function registerEsimJobs(jobs: JobQueue, fulfilment: EsimFulfilment) {
  await jobs.work<OrderJob>(QUEUES.esimProvision, async ({ orderId }) => {
    const { remaining } = await fulfilment.provisionOrder(orderId, { budgetMs: JOB_WORK_BUDGET_MS });
    // A big order goes on in a fresh job: no job outlives the expiry that tells a dead worker's job.
    if (remaining) await jobs.enqueue(QUEUES.esimProvision, { orderId });
  });
  await jobs.work<OrderJob>(QUEUES.esimProvisionFailed, ({ orderId }) => fulfilment.failOrder(orderId));
}
