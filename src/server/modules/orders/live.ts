import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import * as repo from './repo.ts';

export type OrderEvent = repo.OrderEventRow;

/** What a live order stream hears: the order's new events, oldest first. */
export type OrderEventListener = (events: OrderEvent[]) => void;

export interface OrderEventHub {
  /**
   * Calls `listener` with the order's events after `afterId`: at once with those already written,
   * then with each new one, whichever instance or process wrote it. Answers the unsubscribe.
   */
  subscribe(orderId: string, afterId: number, listener: OrderEventListener): Promise<() => void>;
  /** Open streams on this instance (the benchmark and health logs read it). */
  readonly size: number;
  close(): Promise<void>;
}

interface Subscriber {
  lastId: number;
  readonly listener: OrderEventListener;
}

/**
 * One LISTEN per instance fans order events out to every stream open on it (ADR 036). A NOTIFY
 * carries only the order's id; the hub reads that order's new events once, from the oldest
 * any of its subscribers has seen, and hands each subscriber the ones it has not.
 */
export async function createOrderEventHub(database: Database, logger: Logger): Promise<OrderEventHub> {
  const byOrder = new Map<string, Set<Subscriber>>();
  // One read at a time per order; a notify during a read asks for one more read after it.
  const reading = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let size = 0;

  const deliver = async (orderId: string) => {
    const subscribers = byOrder.get(orderId);
    if (!subscribers || subscribers.size === 0) return;
    const from = Math.min(...[...subscribers].map((s) => s.lastId));
    const events = await repo.selectEventsAfter(database.db, orderId, from);
    if (events.length === 0) return;
    for (const subscriber of subscribers) {
      const fresh = events.filter((event) => event.id > subscriber.lastId);
      if (fresh.length === 0) continue;
      subscriber.lastId = fresh.at(-1)!.id;
      subscriber.listener(fresh);
    }
  };

  const refresh = (orderId: string): Promise<void> => {
    const running = reading.get(orderId);
    if (running) {
      again.add(orderId);
      return running;
    }
    const run = deliver(orderId)
      .catch((error: unknown) => logger.warn({ err: error, orderId }, 'could not read new order events'))
      .finally(() => {
        reading.delete(orderId);
        if (again.delete(orderId)) void refresh(orderId);
      });
    reading.set(orderId, run);
    return run;
  };

  const stop = await database.listen(
    repo.ORDER_EVENTS_CHANNEL,
    (orderId) => void refresh(orderId),
    // Notifications were lost while the connection was down: every open stream reads again.
    () => {
      for (const orderId of byOrder.keys()) void refresh(orderId);
    },
  );

  return {
    async subscribe(orderId, afterId, listener) {
      const subscriber: Subscriber = { lastId: afterId, listener };
      let subscribers = byOrder.get(orderId);
      if (!subscribers) byOrder.set(orderId, (subscribers = new Set()));
      subscribers.add(subscriber);
      size += 1;
      // Listening before reading: an event written in between is read now or notified next.
      const caughtUp = await repo.selectEventsAfter(database.db, orderId, afterId);
      const fresh = caughtUp.filter((event) => event.id > subscriber.lastId);
      if (fresh.length > 0) {
        subscriber.lastId = fresh.at(-1)!.id;
        listener(fresh);
      }
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        size -= 1;
        subscribers.delete(subscriber);
        if (subscribers.size === 0) byOrder.delete(orderId);
      };
    },
    get size() {
      return size;
    },
    close: () => stop(),
  };
}
