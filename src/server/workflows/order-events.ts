import { isStaleNews } from '../../domain/order.ts';
import { orderKind } from '../../domain/kinds/index.ts';
import { type Db, inTransaction, sqlExecutorOf } from '../db/client.ts';
import { type JobQueue, QUEUES, type QueueName } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../modules/mail/service.ts';
import { claimOrderEvents, type DispatchedOrderEvent, findOrder } from '../modules/orders/service.ts';
import { kindOf, type OrderKinds } from '../kinds/index.ts';
import { sendQueuedOrderEmail } from './order-emails.ts';

/**
 * Something that reacts to order events (ADR 069): each event reaches it once, through its own
 * job queue (retried on failure). Emails today; the admin alerts and metrics subscribe the same way.
 */
export interface OrderEventSubscriber {
  readonly queue: QueueName;
  handle(event: DispatchedOrderEvent): Promise<void>;
}

/**
 * The mail subscriber: a paid order of a kind that confirms gets its confirmation; every other
 * email is the kind's to choose (its registry entry's `mail`). Each is sent at most once per
 * order by its once-key, so a retried or repeated job never mails twice.
 */
export function mailSubscriber(deps: {
  db: Db;
  kinds: OrderKinds;
  mailer: Mailer;
  publicUrl: string;
}): OrderEventSubscriber {
  return {
    queue: QUEUES.orderEventMail,
    async handle(event) {
      const order = await findOrder(deps.db, event.orderId);
      // A mail job run after the order moved on (a slow queue, a retry) says nothing out of date.
      if (!order || isStaleNews(event.status, order.status)) return;
      if (event.status === 'paid' && orderKind(order.kind).confirmedEmail) {
        await sendQueuedOrderEmail(deps, { orderId: order.id, email: 'confirmed' });
      }
      const letter = await kindOf(deps.kinds, order.kind).mail?.(event, order);
      if (letter) await deps.mailer.send(letter.mail, { onceKey: letter.onceKey });
    },
  };
}

/** How many events one relay transaction hands over. */
const RELAY_BATCH = 100;

/**
 * Hands every event not yet relayed to each subscriber's queue: the events are claimed and the
 * jobs queued in one transaction, so an event is relayed once or (rolled back) not at all, and
 * two instances relaying at once take different events. Answers how many were relayed.
 */
export async function relayOrderEvents(deps: {
  db: Db;
  jobs: JobQueue;
  subscribers: readonly OrderEventSubscriber[];
}): Promise<number> {
  let relayed = 0;
  for (;;) {
    const count = await inTransaction(deps.db, async (tx) => {
      const events = await claimOrderEvents(tx, RELAY_BATCH);
      for (const event of events) {
        for (const subscriber of deps.subscribers) {
          await deps.jobs.enqueue(subscriber.queue, event, { executor: sqlExecutorOf(tx) });
        }
      }
      return events.length;
    });
    relayed += count;
    if (count < RELAY_BATCH) return relayed;
  }
}

/**
 * Runs the relay at once whenever an order event is announced (the NOTIFY its transaction sends on
 * commit), one run at a time with one more queued behind it, and every `sweepMs` for a notify lost.
 */
export function relayRunner(relay: () => Promise<number>, logger: Logger, sweepMs = 30_000) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = relay()
      .then(() => undefined)
      .catch((error: unknown) => logger.warn({ err: error }, 'order events could not be relayed; trying again'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  const timer = setInterval(() => void run(), sweepMs);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
