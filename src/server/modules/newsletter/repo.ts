import { and, desc, eq, ilike, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

/** A new address: true when this call added it, false when it was there already. */
export async function insertSubscriber(db: Db, email: string, tokenHash: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email, unsubscribeTokenHash: tokenHash })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** Subscribes an unsubscribed address again with a new token; false when it was not unsubscribed. */
export async function resubscribe(db: Db, email: string, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: null, subscribedAt: new Date(), unsubscribeTokenHash: tokenHash })
    .where(and(eq(newsletterSubscribers.email, email), isNotNull(newsletterSubscribers.unsubscribedAt)))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

/** Unsubscribes the address the token belongs to: 'unsubscribed', 'already' or 'unknown' (no such token). */
export async function unsubscribeByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<'unsubscribed' | 'already' | 'unknown'> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: new Date() })
    .where(and(eq(newsletterSubscribers.unsubscribeTokenHash, tokenHash), isNull(newsletterSubscribers.unsubscribedAt)))
    .returning({ id: newsletterSubscribers.id });
  if (rows.length > 0) return 'unsubscribed';
  const [known] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, tokenHash));
  return known ? 'already' : 'unknown';
}

export async function findSubscriber(db: Db, email: string) {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row ?? null;
}

/** Subscribers (of every state) whose address contains `q`, newest first; and how many are in and out. */
export async function selectSubscribers(db: Db, options: { q?: string; limit?: number }) {
  const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const query = db
    .select({
      email: newsletterSubscribers.email,
      subscribedAt: newsletterSubscribers.subscribedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(pattern ? ilike(newsletterSubscribers.email, pattern) : undefined)
    .orderBy(desc(newsletterSubscribers.subscribedAt), desc(newsletterSubscribers.id));
  const [rows, [counts]] = await Promise.all([
    options.limit ? query.limit(options.limit) : query,
    db
      .select({
        subscribed: sql<number>`(count(*) filter (where ${newsletterSubscribers.unsubscribedAt} is null))::int`,
        unsubscribed: sql<number>`(count(*) filter (where ${newsletterSubscribers.unsubscribedAt} is not null))::int`,
      })
      .from(newsletterSubscribers),
  ]);
  return { rows, subscribed: counts?.subscribed ?? 0, unsubscribed: counts?.unsubscribed ?? 0 };
}
