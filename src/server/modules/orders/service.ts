import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCOUNT_ORDERS_LIMIT,
  type AccountOrder,
  canTransition,
  type OrderKind,
  type OrderStatus,
  PAYABLE_STATUSES,
} from '../../../domain/order.ts';
import { shortId } from '../../../domain/short-id.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import * as repo from './repo.ts';
import * as adminRepo from './repo-admin.ts';
import { type AdminOrderPage, type AdminOrderRow, type AttentionReason, encodeCursor } from '../../../domain/admin.ts';
import { sameSecret } from '../../same-secret.ts';

export type Order = repo.OrderRow;
export type OrderItem = repo.OrderItemRow;

export interface NewOrderInput {
  readonly kind: OrderKind;
  readonly email: string;
  readonly userId: string | null;
  readonly currency: string;
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly totalCents: number;
  readonly couponCode: string | null;
  /** The first order of the checkout this one is paid with (a mixed cart, ADR 081); its own id for that first one. */
  readonly checkoutId?: string;
  /** Its id, when the caller needs it before the order exists (the first order of a mixed checkout). */
  readonly id?: string;
  readonly items: readonly {
    readonly productRef: string;
    readonly name: string;
    readonly unitPriceCents: number;
    readonly quantity: number;
    readonly details: Record<string, unknown>;
  }[];
}

const PLACED_MESSAGE = 'Order placed. Waiting for payment.';

/** A new order waiting for payment, with its items and first event. */
export async function placeOrder(db: Db, input: NewOrderInput): Promise<Order> {
  const order: repo.NewOrder = {
    id: input.id ?? randomUUID(),
    checkoutId: input.checkoutId ?? null,
    kind: input.kind,
    email: input.email,
    userId: input.userId,
    status: 'pending_payment',
    currency: input.currency,
    subtotalCents: input.subtotalCents,
    discountCents: input.discountCents,
    totalCents: input.totalCents,
    couponCode: input.couponCode,
    accessToken: randomBytes(24).toString('base64url'),
  };
  return inTransaction(db, (tx) =>
    repo.insertOrder(
      tx,
      order,
      input.items.map((item, position) => ({ id: randomUUID(), position, ...item })),
      PLACED_MESSAGE,
    ),
  );
}

export const findOrder = repo.findOrder;
export const orderItems = repo.selectItems;
export const orderEvents = repo.selectEvents;
export const findOrderByPaymentSession = repo.findOrderByPaymentSession;

/** The orders paid together with this one (a mixed checkout, ADR 081), first placed first; just it when paid alone. */
export async function ordersOfCheckout(db: Db, order: Order): Promise<Order[]> {
  return order.checkoutId ? repo.selectCheckoutOrders(db, order.checkoutId) : [order];
}
/** The NOTIFY channel every order event is announced on when its transaction commits. */
export const ORDER_EVENTS_CHANNEL = repo.ORDER_EVENTS_CHANNEL;

/**
 * The one way an order changes state. Checks the move against the state table for the order's
 * kind and writes the new state and its event in one transaction, conditional on the state it
 * read. Answers the moved order; null when it is already in `to` (a replay) or another process
 * moved it first; throws ORDER_TRANSITION_FORBIDDEN for a move the table does not allow.
 */
async function move(
  db: Db,
  orderId: string,
  to: OrderStatus,
  message: string,
  options: {
    /** The intent applies only from these states (null answered from any other). */
    readonly from?: readonly OrderStatus[];
    readonly set?: Parameters<typeof repo.moveOrder>[2]['set'];
  } = {},
): Promise<Order | null> {
  return inTransaction(db, async (tx) => {
    const order = await repo.findOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
    if (order.status === to) return null;
    if (options.from && !options.from.includes(order.status)) return null;
    if (!canTransition(order.kind, order.status, to)) {
      throw new AppError(
        'ORDER_TRANSITION_FORBIDDEN',
        `An ${order.kind} order cannot go from ${order.status} to ${to}.`,
      );
    }
    return repo.moveOrder(tx, orderId, { from: order.status, to, message, set: options.set });
  });
}

/** The payment arrived: pending (or, late, an expired or cancelled checkout) → paid. */
export function markPaid(db: Db, orderId: string, payment: { provider: string; paymentRef: string | null }) {
  return inTransaction(db, async (tx) => {
    const order = await repo.findOrder(tx, orderId);
    const late = order !== null && order.status !== 'pending_payment';
    return move(tx, orderId, 'paid', late ? 'Payment received after the checkout had closed.' : 'Payment received.', {
      from: PAYABLE_STATUSES,
      set: { paymentRef: payment.paymentRef, paymentProvider: payment.provider },
    });
  });
}

/** Work handed to whoever carries it out: paid (or rerouted) → submitted. */
export const startFulfilment = (db: Db, orderId: string, message: string) => move(db, orderId, 'submitted', message);
/** The supplier has started: → in_progress. */
export const markInProgress = (db: Db, orderId: string, message: string) => move(db, orderId, 'in_progress', message);
/** Delivered: → fulfilled. */
export const markFulfilled = (db: Db, orderId: string, message: string) => move(db, orderId, 'fulfilled', message);
/** The supplier declined it: → rejected. */
export const recordRejection = (db: Db, orderId: string, message: string) => move(db, orderId, 'rejected', message);
/** Sent to another supplier after a rejection: → rerouted. */
export const reroute = (db: Db, orderId: string, message: string) => move(db, orderId, 'rerouted', message);
/** A refund of a paid order was started: → refund_pending. */
export const requestRefund = (db: Db, orderId: string, message: string) => move(db, orderId, 'refund_pending', message);
/** The provider returned the money: refund_pending → refunded, with its reference. */
export const markRefunded = (db: Db, orderId: string, refundRef: string, message: string) =>
  move(db, orderId, 'refunded', message, { set: { refundRef } });
/** The buyer or the store gave up on an unpaid order: pending_payment → cancelled. */
export const cancelUnpaid = (db: Db, orderId: string, message: string) =>
  move(db, orderId, 'cancelled', message, { from: ['pending_payment'] });
/** The payment session ran out unpaid: pending_payment → expired. */
export const expireCheckout = (db: Db, orderId: string, message: string) =>
  move(db, orderId, 'expired', message, { from: ['pending_payment'] });
/** It cannot be delivered: → failed. */
export const failOrder = (db: Db, orderId: string, message: string) => move(db, orderId, 'failed', message);

/**
 * Records a refund on the order once, with its event, without changing its state (a failed
 * eSIM order stays failed, refunded). False when the order already carries a refund.
 */
export function recordRefund(db: Db, orderId: string, refundRef: string, message: string | null): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (!(await repo.setRefund(tx, orderId, refundRef))) return false;
    const order = await repo.findOrder(tx, orderId);
    if (order && message) await repo.insertEvent(tx, orderId, order.status, message);
    return true;
  });
}

/** A note in the order's history that changes nothing else (it keeps the current state). */
export async function addOrderNote(db: Db, orderId: string, message: string) {
  await inTransaction(db, async (tx) => {
    const order = await repo.findOrder(tx, orderId);
    if (order) await repo.insertEvent(tx, orderId, order.status, message);
  });
}

/** Remembers the payment session of an order and when it runs out (the expiry job's deadline). */
export function rememberPaymentSession(
  db: Db,
  orderId: string,
  session: { provider: string; sessionId: string; expiresAt: Date },
): Promise<boolean> {
  return repo.setPaymentSession(db, orderId, session);
}

/** The other orders of a mixed checkout: the provider and expiry of the session their first order holds. */
export function rememberCheckoutExpiry(
  db: Db,
  orderIds: readonly string[],
  session: { provider: string; expiresAt: Date },
) {
  return repo.setPaymentExpiry(db, orderIds, session);
}

/** How many expired checkouts one run of the expiry job closes at most. */
const EXPIRY_BATCH = 500;

/** Unpaid orders whose payment session ran out before `now`. */
export function expiredUnpaidOrders(db: Db, now = new Date()): Promise<string[]> {
  return repo.selectExpiredUnpaid(db, now, EXPIRY_BATCH);
}

/**
 * Orders still waiting for a payment through `provider` whose session was opened between
 * `placedAfter` and `placedBefore` (newest first, at most `limit`): what reconciliation asks the provider about.
 */
export async function ordersAwaitingPayment(
  db: Db,
  query: repo.AwaitingPaymentQuery,
): Promise<{ orderId: string; sessionId: string; checks: number }[]> {
  const rows = await repo.selectOrdersAwaitingPayment(db, query);
  return rows.flatMap((row) =>
    row.paymentSessionId ? [{ orderId: row.id, sessionId: row.paymentSessionId, checks: row.paymentChecks }] : [],
  );
}

export const recordPaymentCheck = repo.recordPaymentCheck;

/**
 * The order, if the caller may see it: they hold its access token (the guest link) or are the
 * signed-in account that placed it. Anything else is indistinguishable from a missing order.
 */
export async function orderForViewer(
  db: Db,
  id: string,
  viewer: { readonly token?: string; readonly userId?: string | null; readonly admin?: boolean },
): Promise<Order | null> {
  const order = await repo.findOrder(db, id);
  if (!order) return null;
  if (viewer.admin) return order;
  if (viewer.token && sameSecret(viewer.token, order.accessToken)) return order;
  if (viewer.userId && order.userId === viewer.userId) return order;
  return null;
}

/** The signed-in customer's orders (placed while signed in; of one kind, when given), newest first. */
export async function accountOrders(db: Db, userId: string, kind?: OrderKind): Promise<AccountOrder[]> {
  const rows = await repo.selectOrdersOfUser(db, userId, ACCOUNT_ORDERS_LIMIT, kind);
  return rows.map((row) => ({
    id: row.id,
    short_id: shortId(row.id),
    kind: row.kind,
    status: row.status,
    total_cents: row.totalCents,
    currency: row.currency,
    created_at: new Date(row.createdAt).toISOString(),
    title: row.title ?? 'Order',
    item_count: Number(row.itemCount),
  }));
}

/**
 * How long past its due time a fulfilment chain is taken for lost (its job expired, retried and
 * dead-lettered meanwhile): then a new chain is started (ADR 067).
 */
export const FULFILMENT_STALL_SECONDS = 10 * 60;

const dueAfter = (seconds: number, now = Date.now()) => new Date(now + (seconds + FULFILMENT_STALL_SECONDS) * 1000);

/** A new fulfilment chain for the order, due in `afterSeconds`; its first job carries the answered step. */
export async function startFulfilmentChain(db: Db, orderId: string, afterSeconds = 0): Promise<number> {
  const step = await repo.restartFulfilmentChain(db, orderId, dueAfter(afterSeconds));
  if (step === null) throw new AppError('NOT_FOUND', 'Order not found.');
  return step;
}

/**
 * The run of chain step `step` is over: with `afterSeconds` the chain goes on (its next step is
 * answered, for the next job), without it the chain ends. Null: `step` was not the live one.
 */
export function advanceFulfilmentChain(db: Db, orderId: string, step: number, afterSeconds: number | null) {
  return repo.advanceFulfilmentChain(db, orderId, step, afterSeconds === null ? null : dueAfter(afterSeconds));
}

/** Orders whose fulfilment chain was lost (overdue by FULFILMENT_STALL_SECONDS). */
export const stalledFulfilments = (db: Db, now = new Date(), limit = 100) =>
  repo.selectStalledFulfilments(db, now, limit);

/** An order event as its subscribers get it. */
export interface DispatchedOrderEvent {
  readonly id: number;
  readonly orderId: string;
  readonly status: OrderStatus;
  readonly message: string;
}

/** Claims events not yet handed to their subscribers (see the repo): the relay's read, in its transaction. */
export async function claimOrderEvents(db: Db, limit: number): Promise<DispatchedOrderEvent[]> {
  const rows = await repo.claimUndispatchedEvents(db, limit);
  return rows.map((row) => ({ id: row.id, orderId: row.orderId, status: row.status, message: row.message }));
}

/** An admin list row (ADR 073). */
function adminRow(row: adminRepo.AdminOrderListRow): AdminOrderRow {
  return {
    id: row.id,
    short_id: shortId(row.id),
    kind: row.kind,
    status: row.status,
    email: row.email,
    total_cents: row.totalCents,
    currency: row.currency,
    created_at: new Date(row.createdAt).toISOString(),
    title: row.title ?? 'Order',
  };
}

export type AdminOrderFilter = adminRepo.AdminOrderFilter;

/** A page of the admin order list, newest first, with the keyset cursor of the next page. */
export async function adminOrderPage(db: Db, filter: AdminOrderFilter, limit: number): Promise<AdminOrderPage> {
  const rows = await adminRepo.selectAdminOrders(db, filter, limit);
  const shown = rows.slice(0, limit).map(adminRow);
  const last = shown.at(-1);
  return { orders: shown, next: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
}

/** How long an order may sit refunding or declined before a person is asked to look. */
export const STUCK_MINUTES = 15;

/** The orders that need a person, each once, with the first reason that applies. */
export async function ordersNeedingAttention(db: Db, now = new Date(), limit = 50) {
  const found = await adminRepo.selectOrdersNeedingAttention(db, limit, {
    stalledSince: new Date(now.getTime() - FULFILMENT_STALL_SECONDS * 1000),
    stuckSince: new Date(now.getTime() - STUCK_MINUTES * 60_000),
  });
  const seen = new Set<string>();
  const reasons: [AttentionReason, adminRepo.AdminOrderListRow[]][] = [
    ['stalled', found.stalled],
    ['refund_pending', found.refunding],
    ['failed_unrefunded', found.failed],
    ['rejected', found.rejected],
  ];
  return reasons.flatMap(([reason, rows]) =>
    rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).map((row) => ({ ...adminRow(row), reason })),
  );
}

/** Orders placed since `since`, by kind. */
export const orderFiguresSince = adminRepo.selectFiguresSince;
