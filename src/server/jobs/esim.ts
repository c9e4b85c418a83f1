import type { EsimFulfilment } from '../modules/esim/fulfilment.ts';
import { type JobQueue, QUEUES } from './queue.ts';

interface OrderJob {
  readonly orderId: string;
}

/**
 * `esim.provision`: deliver a paid order (retried with backoff); its dead letters land in
 * `esim.provision.failed`, whose worker fails the order and refunds it.
 */
export async function registerEsimJobs(jobs: JobQueue, fulfilment: EsimFulfilment) {
  await jobs.work<OrderJob>(QUEUES.esimProvision, ({ orderId }) => fulfilment.provisionOrder(orderId));
  await jobs.work<OrderJob>(QUEUES.esimProvisionFailed, ({ orderId }) => fulfilment.failOrder(orderId));
}
