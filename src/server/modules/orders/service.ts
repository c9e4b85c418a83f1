import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_ORDERS_LIMIT, type AccountOrder, type OrderKind, type OrderStatus } from '../../../domain/order.ts';
import { shortId } from '../../../domain/short-id.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

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
export async function createOrder(db: Db, input: NewOrderInput): Promise<Order> {
  const order: repo.NewOrder = {
    id: randomUUID(),
    kind: input.kind,
    email: input.email,
    userId: input.userId,
    status: 'pending_payment' satisfies OrderStatus,
    currency: input.currency,
    subtotalCents: input.subtotalCents,
    discountCents: input.discountCents,
    totalCents: input.totalCents,
    couponCode: input.couponCode,
    accessToken: randomBytes(24).toString('base64url'),
  };
  return repo.insertOrder(
    db,
    order,
    input.items.map((item, position) => ({ id: randomUUID(), position, ...item })),
    PLACED_MESSAGE,
  );
}

export const findOrder = repo.findOrder;
export const lockOrder = repo.lockOrder;
export const orderItems = repo.selectItems;
export const orderEvents = repo.selectEvents;
export const addOrderEvent = repo.insertEvent;
export const transitionOrder = repo.transitionOrder;
export const setPaymentSession = repo.setPaymentSession;
export const findOrderByPaymentSession = repo.findOrderByPaymentSession;
export const recordRefund = repo.setRefund;

/**
 * Orders still waiting for a payment through `provider` whose session was opened between
 * `placedAfter` and `placedBefore` (newest first, at most `limit`): what reconciliation asks the provider about.
 */
export async function ordersAwaitingPayment(
  db: Db,
  query: { provider: string; statuses: readonly OrderStatus[]; placedAfter: Date; placedBefore: Date; limit: number },
): Promise<{ orderId: string; sessionId: string }[]> {
  const rows = await repo.selectOrdersAwaitingPayment(db, query);
  return rows.flatMap((row) => (row.paymentSessionId ? [{ orderId: row.id, sessionId: row.paymentSessionId }] : []));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The order, if the caller may see it: they hold its access token (the guest link) or are the
 * signed-in account that placed it. Anything else is indistinguishable from a missing order.
 */
export async function orderForViewer(
  db: Db,
  id: string,
  viewer: { readonly token?: string; readonly userId?: string | null },
): Promise<Order | null> {
  const order = await repo.findOrder(db, id);
  if (!order) return null;
  if (viewer.token && sameSecret(viewer.token, order.accessToken)) return order;
  if (viewer.userId && order.userId === viewer.userId) return order;
  return null;
}

/** The signed-in customer's orders for the account page (orders placed while signed in). */
export async function accountOrders(db: Db, userId: string): Promise<AccountOrder[]> {
  const rows = await repo.selectOrdersOfUser(db, userId, ACCOUNT_ORDERS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    short_id: shortId(row.id),
    kind: row.kind as OrderKind,
    status: row.status as OrderStatus,
    total_cents: row.totalCents,
    currency: row.currency,
    created_at: new Date(row.createdAt).toISOString(),
    title: row.title ?? 'Order',
    item_count: Number(row.itemCount),
  }));
}
