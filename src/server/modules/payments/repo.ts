import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/**
 * Claims a webhook event by the provider's id. False when it was handled before: a replayed
 * delivery stops here. Inside the handling transaction, so a failed handling claims nothing.
 */
export async function claimPaymentEvent(
  db: Db,
  event: { provider: string; eventId: string; type: string; orderId: string | null; sessionId: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(t.paymentEvents)
    .values({ ...event, outcome: 'received' })
    .onConflictDoNothing()
    .returning({ eventId: t.paymentEvents.eventId });
  return rows.length > 0;
}

export async function setPaymentEventOutcome(db: Db, provider: string, eventId: string, outcome: string) {
  await db
    .update(t.paymentEvents)
    .set({ outcome })
    .where(sql`${t.paymentEvents.provider} = ${provider} AND ${t.paymentEvents.eventId} = ${eventId}`);
}

/** The provider events handled for an order, oldest first (the admin timeline). */
export function selectOrderPaymentEvents(db: Db, orderId: string) {
  return db
    .select()
    .from(t.paymentEvents)
    .where(eq(t.paymentEvents.orderId, orderId))
    .orderBy(asc(t.paymentEvents.receivedAt))
    .limit(100);
}
