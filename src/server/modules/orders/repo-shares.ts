import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type ShareLinkRow = typeof t.orderShareLinks.$inferSelect;

const live = (orderId: string) => and(eq(t.orderShareLinks.orderId, orderId), isNull(t.orderShareLinks.revokedAt));

/**
 * Stores a share link unless the order already has `max` live ones. The order's row is locked
 * first, so two requests racing for the last free place cannot both get it.
 */
export async function insertShareLinkWithin(
  db: Db,
  link: { id: string; orderId: string; token: string },
  max: number,
): Promise<ShareLinkRow | null> {
  await db.select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.id, link.orderId)).for('update');
  const [row] = await db.select({ n: count() }).from(t.orderShareLinks).where(live(link.orderId));
  if ((row?.n ?? 0) >= max) return null;
  const [stored] = await db.insert(t.orderShareLinks).values(link).returning();
  return stored ?? null;
}

export function selectLiveShareLinks(db: Db, orderId: string): Promise<ShareLinkRow[]> {
  return db.select().from(t.orderShareLinks).where(live(orderId)).orderBy(asc(t.orderShareLinks.createdAt));
}

/** Revokes one live link of the order; false when there is none by that id. */
export async function revokeShareLink(db: Db, orderId: string, linkId: string): Promise<boolean> {
  const rows = await db
    .update(t.orderShareLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(live(orderId), eq(t.orderShareLinks.id, linkId)))
    .returning({ id: t.orderShareLinks.id });
  return rows.length > 0;
}

/** The order a live share token opens, or null. */
export async function findOrderIdBySharedToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ orderId: t.orderShareLinks.orderId })
    .from(t.orderShareLinks)
    .where(and(eq(t.orderShareLinks.token, token), isNull(t.orderShareLinks.revokedAt)));
  return row?.orderId ?? null;
}
