import type { OrderAnswer, SharedOrder } from '../../domain/order-answer.ts';
import { sharedEventMessage } from '../../domain/order-tracking.ts';
import { NO_PROVIDER } from '../../domain/order.ts';
import { shortId } from '../../domain/short-id.ts';
import type { Db } from '../db/client.ts';
import { orderKind } from '../../domain/kinds/index.ts';
import { findOrder, orderEvents, orderForViewer, orderItems, ordersOfCheckout } from '../modules/orders/service.ts';
import { sharedOrderId } from '../modules/orders/shares.ts';
import { kindOf, type OrderKinds } from './kind.ts';

/**
 * The receipt and tracking view of an order, for its access token or its signed-in owner (null
 * for anyone else, exactly as for an order that does not exist): what every order has, and its
 * kind's part.
 */
export async function orderReceipt(
  db: Db,
  kinds: OrderKinds,
  id: string,
  viewer: { readonly token?: string; readonly userId?: string | null; readonly admin?: boolean },
): Promise<OrderAnswer | null> {
  const order = await orderForViewer(db, id, viewer);
  if (!order) return null;
  const [items, events, checkout] = await Promise.all([
    orderItems(db, id),
    orderEvents(db, id),
    ordersOfCheckout(db, order),
  ]);
  const part = await kindOf(kinds, order.kind).answer(order, items);
  const siblings = checkout.filter((other) => other.id !== order.id);
  const titles = await Promise.all(siblings.map(async (other) => (await orderItems(db, other.id))[0]?.name ?? 'Order'));
  return {
    id: order.id,
    short_id: shortId(order.id),
    status: order.status,
    email: order.email,
    currency: order.currency,
    subtotal_cents: order.subtotalCents,
    discount_cents: order.discountCents,
    total_cents: order.totalCents,
    coupon_code: order.couponCode,
    refunded: order.refundRef !== null && order.refundRef !== NO_PROVIDER,
    created_at: order.createdAt.toISOString(),
    items: items.map((item) => ({
      id: item.id,
      product_ref: item.productRef,
      name: item.name,
      quantity: item.quantity,
      unit_price_cents: item.unitPriceCents,
      line_total_cents: item.unitPriceCents * item.quantity,
      details: item.details,
    })),
    events: events.map((event) => ({
      id: event.id,
      status: event.status,
      message: event.message,
      created_at: event.createdAt.toISOString(),
    })),
    checkout_orders: siblings.map((other, index) => ({
      id: other.id,
      short_id: shortId(other.id),
      kind: other.kind,
      status: other.status,
      title: titles[index] ?? 'Order',
      total_cents: other.totalCents,
      href: orderKind(other.kind).pageHref(other.id, other.accessToken),
    })),
    ...part,
    // The part is the order's own kind's (kindOf): the compiler cannot pair the two.
  } as OrderAnswer;
}

/** What a live share token shows (its kind's part included), or null for an unknown or revoked one. */
export async function sharedOrder(db: Db, kinds: OrderKinds, token: string): Promise<SharedOrder | null> {
  const orderId = await sharedOrderId(db, token);
  const order = orderId ? await findOrder(db, orderId) : null;
  if (!order) return null;
  const [items, events] = await Promise.all([orderItems(db, order.id), orderEvents(db, order.id)]);
  return {
    short_id: shortId(order.id),
    status: order.status,
    created_at: order.createdAt.toISOString(),
    title: items[0]?.name ?? 'Order',
    events: events.map((event) => ({
      id: event.id,
      status: event.status,
      message: sharedEventMessage(event.status),
      created_at: event.createdAt.toISOString(),
    })),
    ...(await kindOf(kinds, order.kind).shared(order, items)),
  } as SharedOrder;
}
