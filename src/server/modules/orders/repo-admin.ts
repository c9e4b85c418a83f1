import { and, desc, eq, gte, inArray, isNull, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { NEVER_PAID_STATUSES, type OrderKind, type OrderStatus } from '../../../domain/order.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { ORDER_SUMMARY_COLUMNS } from './repo.ts';

// The admin area's reads of orders (ADR 073): each served by an index of the orders table.

export interface AdminOrderFilter {
  readonly kind?: OrderKind;
  readonly status?: OrderStatus;
  readonly placedFrom?: Date;
  readonly placedBefore?: Date;
  readonly email?: string;
  /** The first characters of the id (the order number customers see), or the whole id. */
  readonly idPrefix?: string;
  /** Only these ids (a device's orders); an empty list matches none. */
  readonly ids?: readonly string[];
  /** Rows strictly older than this (created_at, id): the keyset of the next page. */
  readonly after?: { readonly createdAt: Date; readonly id: string };
}

const ADMIN_ROW_COLUMNS = { ...ORDER_SUMMARY_COLUMNS, email: t.orders.email };

function conditions(filter: AdminOrderFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.kind) where.push(eq(t.orders.kind, filter.kind));
  if (filter.status) where.push(eq(t.orders.status, filter.status));
  if (filter.placedFrom) where.push(gte(t.orders.createdAt, filter.placedFrom));
  if (filter.placedBefore) where.push(lt(t.orders.createdAt, filter.placedBefore));
  if (filter.email) where.push(sql`lower(${t.orders.email}) = ${filter.email}`);
  if (filter.idPrefix) {
    // A range the primary key's index answers, then the exact prefix (ids are lower-case hex and '-').
    where.push(gte(t.orders.id, filter.idPrefix), lt(t.orders.id, `${filter.idPrefix}g`));
    where.push(sql`left(${t.orders.id}, ${filter.idPrefix.length}) = ${filter.idPrefix}`);
  }
  if (filter.ids) where.push(filter.ids.length > 0 ? inArray(t.orders.id, [...filter.ids]) : sql`false`);
  if (filter.after) {
    where.push(
      sql`(${t.orders.createdAt}, ${t.orders.id}) < (${filter.after.createdAt.toISOString()}::timestamptz, ${filter.after.id})`,
    );
  }
  return where;
}

/** A page of orders, newest first: `limit` rows and one more that tells whether a next page exists. */
export function selectAdminOrders(db: Db, filter: AdminOrderFilter, limit: number) {
  return db
    .select(ADMIN_ROW_COLUMNS)
    .from(t.orders)
    .where(and(...conditions(filter)))
    .orderBy(desc(t.orders.createdAt), desc(t.orders.id))
    .limit(limit + 1);
}

/** Orders that need a person, each with why; at most `limit` of each reason, oldest first. */
export async function selectOrdersNeedingAttention(
  db: Db,
  limit: number,
  thresholds: { stalledSince: Date; stuckSince: Date },
) {
  const oldest = (where: SQL | undefined) =>
    db.select(ADMIN_ROW_COLUMNS).from(t.orders).where(where).orderBy(t.orders.createdAt).limit(limit);
  const [stalled, refunding, failed, rejected] = await Promise.all([
    oldest(and(sql`${t.orders.fulfilmentDueAt} IS NOT NULL`, lte(t.orders.fulfilmentDueAt, thresholds.stalledSince))),
    oldest(and(eq(t.orders.status, 'refund_pending'), lte(t.orders.updatedAt, thresholds.stuckSince))),
    oldest(and(eq(t.orders.status, 'failed'), isNull(t.orders.refundRef), sql`${t.orders.totalCents} > 0`)),
    oldest(and(eq(t.orders.status, 'rejected'), lte(t.orders.updatedAt, thresholds.stuckSince))),
  ]);
  return { stalled, refunding, failed, rejected };
}

const WAS_PAID = notInArray(t.orders.status, [...NEVER_PAID_STATUSES]);

/** Orders placed since `since` by kind: placed, paid, takings and refunds, in cents. */
export function selectFiguresSince(db: Db, since: Date) {
  return db
    .select({
      kind: t.orders.kind,
      orders: sql<number>`count(*)::int`,
      paid: sql<number>`(count(*) filter (where ${WAS_PAID}))::int`,
      revenueCents: sql<number>`coalesce(sum(${t.orders.totalCents}) filter (where ${WAS_PAID}), 0)::int`,
      refundedCents: sql<number>`coalesce(sum(${t.orders.totalCents}) filter (where ${t.orders.refundRef} is not null), 0)::int`,
    })
    .from(t.orders)
    .where(gte(t.orders.createdAt, since))
    .groupBy(t.orders.kind);
}

export type AdminOrderListRow = Awaited<ReturnType<typeof selectAdminOrders>>[number];
