import type { OrderAnswerPart, SharedOrderPart } from '../../domain/order-answer.ts';
import type { AttentionReason } from '../../domain/admin.ts';
import type { OrderKind } from '../../domain/order.ts';
import type { QueueName } from '../jobs/queue.ts';
import type { OutgoingMail } from '../integrations/mail/transport.ts';
import type { DispatchedOrderEvent, Order, OrderItem } from '../modules/orders/service.ts';
import type { Fulfiller } from '../workflows/fulfillers/fulfiller.ts';
import type { Workflows } from '../workflows/index.ts';

/**
 * What the server needs of one kind of order (ADR 068): the server part of the kind registry.
 * Checkout, payment, refunds, the job chains, the order answer and share links are shared and
 * ask this; they never branch on the kind.
 */
export interface ServerOrderKind<K extends OrderKind> {
  /** Delivers its paid orders (and what its process does at payment); none: nothing to deliver yet. */
  readonly fulfiller?: Fulfiller;
  /** The kind's part of the order answer (GET /api/orders/:id). */
  answer(order: Order, items: readonly OrderItem[]): Promise<OrderAnswerPart<K>>;
  /** The kind's part of what a share link shows: never a result, an amount or an email. */
  shared(order: Order, items: readonly OrderItem[]): Promise<SharedOrderPart<K>>;
  /**
   * The email an event of one of its orders sends, with its once-key (ADR 069); null for none.
   * Called by the mail subscriber, through the job queue, for every event of the kind's orders.
   */
  mail?(event: DispatchedOrderEvent, order: Order): Promise<KindMail | null>;
  /** Its orders of the device with this IMEI (14-17 digits, matched on the first 14), newest first: order lookup. */
  ordersOfDevice?(imei: string, limit: number): Promise<string[]>;
  /** What its orders placed since `since` cost the store (suppliers, providers); absent where the store does not know. */
  costSince?(since: Date): Promise<number | null>;
  /** Its orders that need a person for a reason of its own (a license order waiting for stock), oldest first. */
  attention?(limit: number): Promise<{ readonly orderId: string; readonly reason: AttentionReason }[]>;
  /**
   * What one unit of a fixed-price product of the kind costs the store now (its provider's or its
   * first supplier service's price), for the admin's margins; null when not known.
   */
  productCost?(productId: string): Promise<number | null>;
  /** Periodic work of the kind (pg-boss cron, once per tick across instances). */
  readonly schedules?: readonly {
    readonly queue: QueueName;
    readonly cron: string;
    run(workflows: Workflows): Promise<unknown>;
  }[];
}

/** An email and the key that sends it at most once per order (ADR 044). */
export interface KindMail {
  readonly mail: OutgoingMail;
  readonly onceKey: string;
}

export type OrderKinds = { readonly [K in OrderKind]: ServerOrderKind<K> };

/** A kind with nothing of its own to answer or deliver yet. */
export function plainServerKind<K extends OrderKind>(kind: K): ServerOrderKind<K> {
  const part = { kind } as OrderAnswerPart<K> & SharedOrderPart<K>;
  return { answer: async () => part, shared: async () => part };
}

// A union of orders cannot be matched to its kind's entry by the compiler: each entry is typed
// for its kind above, and an order always goes to the entry of its own `kind`.
export function kindOf(kinds: OrderKinds, kind: OrderKind): ServerOrderKind<OrderKind> {
  return kinds[kind] as ServerOrderKind<OrderKind>;
}

/** The orders of a device across every kind that knows devices (order lookup by IMEI), at most `limit`. */
export async function ordersOfDevice(kinds: OrderKinds, imei: string, limit: number): Promise<string[]> {
  const found = await Promise.all(Object.values(kinds).map((kind) => kind.ordersOfDevice?.(imei, limit) ?? []));
  return [...new Set(found.flat())].slice(0, limit);
}
