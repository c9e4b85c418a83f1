import { and, desc, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { ORDER_SUMMARY_COLUMNS } from './repo.ts';

/** Which orders a lookup asks about: exact ids, or every id starting with a short id. */
export type OrderIdFilter = { readonly ids: readonly string[] } | { readonly idPrefix: string };

// Emails are kept as typed at checkout; one person is one address whatever its case.
const sameEmail = (email: string): SQL => sql`lower(${t.orders.email}) = ${email.trim().toLowerCase()}`;

/** Orders of `email` matching the filter, newest first, each with its first item's name and device. */
export async function selectOrdersOfEmail(db: Db, email: string, filter: OrderIdFilter, limit: number) {
  const idMatch =
    'ids' in filter
      ? inArray(t.orders.id, filter.ids.length > 0 ? [...filter.ids] : [''])
      : like(t.orders.id, `${filter.idPrefix}%`);
  return db
    .select({
      ...ORDER_SUMMARY_COLUMNS,
      accessToken: t.orders.accessToken,
      imeiMasked: sql<
        string | null
      >`(select oi.details->>'imei_masked' from order_items oi where oi.order_id = orders.id order by oi.position limit 1)`,
    })
    .from(t.orders)
    .where(and(sameEmail(email), idMatch))
    .orderBy(desc(t.orders.createdAt))
    .limit(limit);
}

/** How many orders of `email` are in no account yet. */
export async function countUnclaimedOrders(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(t.orders)
    .where(and(sameEmail(email), isNull(t.orders.userId)));
  return Number(row?.count ?? 0);
}

/** Puts every order of `email` that is in no account into `userId`'s; answers how many. */
export async function claimOrders(db: Db, email: string, userId: string): Promise<number> {
  const rows = await db
    .update(t.orders)
    .set({ userId, updatedAt: sql`now()` })
    .where(and(sameEmail(email), isNull(t.orders.userId)))
    .returning({ id: t.orders.id });
  return rows.length;
}
