import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { OrderKind, OrderStatus } from '../../../domain/order.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type OrderRow = typeof t.orders.$inferSelect;
export type OrderItemRow = typeof t.orderItems.$inferSelect;
export type NewOrder = typeof t.orders.$inferInsert;
export type NewOrderItem = Omit<typeof t.orderItems.$inferInsert, 'orderId'>;

/** The NOTIFY channel of order events; the payload is the order's id (ADR 036). */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/**
 * Tells every listening instance the order has a new event. NOTIFY is transactional: listeners
 * hear it when the transaction that wrote the event commits, never before, never after a rollback.
 */
async function announceEvent(db: Db, orderId: string) {
  await db.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${orderId})`);
}

export async function insertOrder(db: Db, order: NewOrder, items: NewOrderItem[], event: string): Promise<OrderRow> {
  const [row] = await db.insert(t.orders).values(order).returning();
  if (!row) throw new Error(`order ${order.id} was not stored`);
  if (items.length > 0) await db.insert(t.orderItems).values(items.map((item) => ({ ...item, orderId: order.id })));
  await db.insert(t.orderEvents).values({ orderId: order.id, status: order.status, message: event });
  await announceEvent(db, order.id);
  return row;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(t.orders).where(eq(t.orders.id, id));
  return row ?? null;
}

export async function findOrderByPaymentSession(db: Db, provider: string, sessionId: string) {
  const [row] = await db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(and(eq(t.orders.paymentProvider, provider), eq(t.orders.paymentSessionId, sessionId)));
  return row?.id ?? null;
}

export function selectCheckoutOrders(db: Db, checkoutId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(t.orders)
    .where(eq(t.orders.checkoutId, checkoutId))
    .orderBy(asc(t.orders.createdAt), sql`${t.orders.id} <> ${checkoutId}`, asc(t.orders.id));
}

export function selectItems(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(t.orderItems).where(eq(t.orderItems.orderId, orderId)).orderBy(asc(t.orderItems.position));
}

const eventColumns = {
  id: t.orderEvents.id,
  status: t.orderEvents.status,
  message: t.orderEvents.message,
  createdAt: t.orderEvents.createdAt,
};
export type OrderEventRow = { id: number; status: OrderStatus; message: string; createdAt: Date };

export function selectEvents(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select(eventColumns)
    .from(t.orderEvents)
    .where(eq(t.orderEvents.orderId, orderId))
    .orderBy(asc(t.orderEvents.id));
}

/** The order's events written after the one with id `afterId`, oldest first. */
export function selectEventsAfter(db: Db, orderId: string, afterId: number): Promise<OrderEventRow[]> {
  return db
    .select(eventColumns)
    .from(t.orderEvents)
    .where(and(eq(t.orderEvents.orderId, orderId), gt(t.orderEvents.id, afterId)))
    .orderBy(asc(t.orderEvents.id));
}

export async function insertEvent(db: Db, orderId: string, status: OrderStatus, message: string) {
  await db.insert(t.orderEvents).values({ orderId, status, message });
  await announceEvent(db, orderId);
}

/**
 * Moves the order from `from` to `to` with its event, only if it is still in `from`: two
 * processes racing to move one order queue on its row, and the second finds it moved (null).
 * The caller runs it in a transaction, so the state and its event are written together.
 */
export async function moveOrder(
  db: Db,
  id: string,
  change: {
    from: OrderStatus;
    to: OrderStatus;
    message: string;
    set?: Partial<Pick<NewOrder, 'paymentRef' | 'paymentProvider' | 'refundRef'>>;
  },
): Promise<OrderRow | null> {
  const [row] = await db
    .update(t.orders)
    .set({ ...change.set, status: change.to, updatedAt: sql`now()` })
    .where(and(eq(t.orders.id, id), eq(t.orders.status, change.from)))
    .returning();
  if (!row) return null;
  await insertEvent(db, id, change.to, change.message);
  return row;
}

/** Remembers the payment session of an order and when it runs out. */
export async function setPaymentSession(
  db: Db,
  id: string,
  session: { provider: string; sessionId: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(t.orders)
    .set({
      paymentProvider: session.provider,
      paymentSessionId: session.sessionId,
      paymentExpiresAt: session.expiresAt,
      updatedAt: sql`now()`,
    })
    .where(eq(t.orders.id, id))
    .returning({ id: t.orders.id });
  return rows.length > 0;
}

export async function setPaymentExpiry(db: Db, ids: readonly string[], session: { provider: string; expiresAt: Date }) {
  if (ids.length === 0) return;
  await db
    .update(t.orders)
    .set({ paymentProvider: session.provider, paymentExpiresAt: session.expiresAt, updatedAt: sql`now()` })
    .where(inArray(t.orders.id, [...ids]));
}

/** Unpaid orders whose payment session ran out before `now`, oldest first. */
export async function selectExpiredUnpaid(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(and(eq(t.orders.status, 'pending_payment'), lte(t.orders.paymentExpiresAt, now)))
    .orderBy(asc(t.orders.paymentExpiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Records a refund once; false when the order already carries one. */
export async function setRefund(db: Db, id: string, refundRef: string): Promise<boolean> {
  const rows = await db
    .update(t.orders)
    .set({ refundRef, updatedAt: sql`now()` })
    .where(and(eq(t.orders.id, id), sql`${t.orders.refundRef} IS NULL`))
    .returning({ id: t.orders.id });
  return rows.length > 0;
}

/** What a list of orders shows of each: state, amount, date and its first item's name. */
export const ORDER_SUMMARY_COLUMNS = {
  id: t.orders.id,
  kind: t.orders.kind,
  status: t.orders.status,
  totalCents: t.orders.totalCents,
  currency: t.orders.currency,
  createdAt: t.orders.createdAt,
  // Written out in full: inside a subquery drizzle leaves column names unqualified.
  title: sql<
    string | null
  >`(select oi.name from order_items oi where oi.order_id = orders.id order by oi.position limit 1)`,
};

/** A customer's orders, newest first, each with its first item's name and its item count. */
export async function selectOrdersOfUser(db: Db, userId: string, limit: number, kind?: OrderKind) {
  return db
    .select({
      ...ORDER_SUMMARY_COLUMNS,
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = orders.id)`,
    })
    .from(t.orders)
    .where(and(eq(t.orders.userId, userId), ...(kind ? [eq(t.orders.kind, kind)] : [])))
    .orderBy(desc(t.orders.createdAt))
    .limit(limit);
}

/** Orders in one of `statuses` with a session of `provider` opened in the window, newest first. */
/** Which unpaid checkouts reconciliation asks the provider about. */
export interface AwaitingPaymentQuery {
  readonly provider: string;
  readonly statuses: readonly OrderStatus[];
  readonly placedAfter: Date;
  readonly placedBefore: Date;
  /** Only those whose next look is due by then. */
  readonly now: Date;
  readonly limit: number;
}

export async function selectOrdersAwaitingPayment(db: Db, query: AwaitingPaymentQuery) {
  const o = t.orders;
  return db
    .select({ id: o.id, paymentSessionId: o.paymentSessionId, paymentChecks: o.paymentChecks })
    .from(o)
    .where(
      and(
        inArray(o.status, [...query.statuses]),
        eq(o.paymentProvider, query.provider),
        isNotNull(o.paymentSessionId),
        gt(o.createdAt, query.placedAfter),
        lt(o.createdAt, query.placedBefore),
        or(isNull(o.paymentNextCheckAt), lte(o.paymentNextCheckAt, query.now)),
      ),
    )
    .orderBy(desc(o.createdAt))
    .limit(query.limit);
}

/** Reconciliation asked about the order's session: the count goes up and the next look is `next`. */
export async function recordPaymentCheck(db: Db, orderId: string, next: Date) {
  await db
    .update(t.orders)
    .set({ paymentChecks: sql`${t.orders.paymentChecks} + 1`, paymentNextCheckAt: next })
    .where(eq(t.orders.id, orderId));
}

/**
 * Starts a new fulfilment job chain of the order: the step number moves on (any job of an older
 * chain is stale from now on) and the chain is due at `dueAt`. Answers the new chain's step.
 */
export async function restartFulfilmentChain(db: Db, id: string, dueAt: Date): Promise<number | null> {
  const [row] = await db
    .update(t.orders)
    .set({ fulfilmentStep: sql`${t.orders.fulfilmentStep} + 1`, fulfilmentDueAt: dueAt })
    .where(eq(t.orders.id, id))
    .returning({ step: t.orders.fulfilmentStep });
  return row?.step ?? null;
}

/**
 * Moves the live chain on from step `from` (due again at `dueAt`, or over with null): only the run
 * of the live step does, once. Answers the next step, or null when `from` was not the live step.
 */
export async function advanceFulfilmentChain(
  db: Db,
  id: string,
  from: number,
  dueAt: Date | null,
): Promise<number | null> {
  const [row] = await db
    .update(t.orders)
    .set({ fulfilmentStep: from + 1, fulfilmentDueAt: dueAt })
    .where(and(eq(t.orders.id, id), eq(t.orders.fulfilmentStep, from)))
    .returning({ step: t.orders.fulfilmentStep });
  return row?.step ?? null;
}

/** Orders whose fulfilment chain was due before `before` and has not moved on: it was lost. */
export async function selectStalledFulfilments(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(lt(t.orders.fulfilmentDueAt, before))
    .orderBy(asc(t.orders.fulfilmentDueAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Claims up to `limit` events not yet handed to their subscribers, oldest first, in the caller's
 * transaction: they count as dispatched only if it commits, and another instance skips them meanwhile.
 */
export async function claimUndispatchedEvents(db: Db, limit: number) {
  const e = t.orderEvents;
  const pending = db
    .select({ id: e.id })
    .from(e)
    .where(isNull(e.dispatchedAt))
    .orderBy(asc(e.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(e)
    .set({ dispatchedAt: sql`now()` })
    .where(inArray(e.id, pending))
    .returning({ id: e.id, orderId: e.orderId, status: e.status, message: e.message, createdAt: e.createdAt });
}
