import { delayNoticeDue } from '../../domain/order-emails.ts';
import type { Db } from '../db/client.ts';
import { type DeliveryPromise, orderConfirmedEmail, orderDelayedEmail, orderEmailKey } from '../emails/order-emails.ts';
import { type JobQueue, QUEUES } from '../jobs/queue.ts';
import { findOrder, orderItems } from '../modules/orders/service.ts';
import { paidAt, unlockDetails } from '../modules/unlocks/service.ts';
import type { WorkflowDeps } from './deps.ts';

/** The order emails a job sends: the confirmation (for the 'paid' event) and the delay notice (a delayed job). */
export type QueuedOrderEmail = 'confirmed' | 'delayed';

export interface OrderEmailJob {
  readonly orderId: string;
  readonly email: QueuedOrderEmail;
}

/**
 * Queues the "taking longer than usual" check for when the average time has passed since payment:
 * one delayed job, no polling; it mails only if the order is still being worked on then.
 */
export async function queueDelayNotice(
  jobs: JobQueue,
  orderId: string,
  paid: Date,
  averageHours: number,
  now = new Date(),
) {
  const afterSeconds = Math.max(0, Math.ceil((paid.getTime() + averageHours * 3_600_000 - now.getTime()) / 1000));
  const job: OrderEmailJob = { orderId, email: 'delayed' };
  await jobs.enqueue(QUEUES.orderEmail, job, { afterSeconds });
}

/** The delivery promise of an order whose kind makes one (unlocks), else null. */
async function deliveryPromise(db: Db, orderId: string): Promise<DeliveryPromise | null> {
  const unlock = await unlockDetails(db, orderId, await orderItems(db, orderId));
  if (!unlock) return null;
  return {
    averageHours: unlock.average_hours,
    guaranteedHours: unlock.guaranteed_hours,
    guaranteedBy: unlock.guaranteed_by ? new Date(unlock.guaranteed_by) : null,
  };
}

/**
 * The `order.email` job: renders and sends one queued email, at most once per order (the mailer's
 * once-key), so a job run twice or retried never mails twice. `now` lets tests move time.
 */
export async function sendQueuedOrderEmail(
  deps: Pick<WorkflowDeps, 'db' | 'mailer' | 'publicUrl'>,
  job: OrderEmailJob,
  now = new Date(),
): Promise<boolean> {
  const { db, mailer, publicUrl } = deps;
  const order = await findOrder(db, job.orderId);
  if (!order) return false;
  const promise = await deliveryPromise(db, order.id);
  if (job.email === 'confirmed') {
    const mail = await orderConfirmedEmail(order, await orderItems(db, order.id), promise, publicUrl);
    return mailer.send(mail, { onceKey: orderEmailKey(order.id, 'confirmed') });
  }
  const paid = await paidAt(db, order.id);
  if (!promise || !paid || !delayNoticeDue(order.status, paid, promise.averageHours, now)) return false;
  return mailer.send(await orderDelayedEmail(order, promise, publicUrl), {
    onceKey: orderEmailKey(order.id, 'delayed'),
  });
}
