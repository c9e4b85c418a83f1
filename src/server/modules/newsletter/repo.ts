import { and, eq, isNotNull, isNull } from 'drizzle-orm';
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
