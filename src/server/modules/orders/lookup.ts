import { maskImei } from '../../../domain/imei.ts';
import {
  ORDER_LOOKUP_LIMIT,
  type LookedUpOrder,
  type OrderLookupRequest,
  orderPageHref,
  parseOrderReference,
} from '../../../domain/order-lookup.ts';
import { shortId } from '../../../domain/short-id.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './repo-lookup.ts';

/**
 * Spec section 5 "Order lookup": the orders of `email` with this order id, short id or device
 * IMEI, each linking to its page with its access token (the email and the reference are the
 * proof, as in the order emails). A wrong email and a missing order both answer [], through the
 * same queries, so neither the answer nor its timing tells them apart. `ordersOfDevice` finds the
 * orders of an IMEI: each kind that knows devices answers for its own (the kind registry).
 */
export async function lookupOrders(
  db: Db,
  request: OrderLookupRequest,
  ordersOfDevice: (imei: string, limit: number) => Promise<string[]> = async () => [],
): Promise<LookedUpOrder[]> {
  const reference = parseOrderReference(request.order_id_or_imei);
  if (!reference) return [];
  const filter: repo.OrderIdFilter =
    reference.kind === 'short_id'
      ? { idPrefix: reference.prefix }
      : reference.kind === 'order_id'
        ? { ids: [reference.id] }
        : { ids: await ordersOfDevice(reference.imei, ORDER_LOOKUP_LIMIT) };
  const rows = await repo.selectOrdersOfEmail(db, request.email, filter, ORDER_LOOKUP_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    short_id: shortId(row.id),
    kind: row.kind,
    status: row.status,
    title: row.title ?? 'Order',
    total_cents: row.totalCents,
    currency: row.currency,
    created_at: new Date(row.createdAt).toISOString(),
    imei_masked: row.imeiMasked ?? (reference.kind === 'imei' ? maskImei(reference.imei) : null),
    href: orderPageHref(row, row.accessToken),
  }));
}

/** How many orders of `email` (every kind) are in no account yet. */
export const unclaimedOrderCount = repo.countUnclaimedOrders;

/** Puts every order of `email` that is in no account into the account `userId`; answers how many. */
export const claimOrdersOfEmail = repo.claimOrders;
