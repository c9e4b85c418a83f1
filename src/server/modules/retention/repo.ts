import { and, inArray, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

// What the retention job deletes (ADR 083), table by table: ids older than a cutoff, then the rows.

const idsOf = (rows: { id: string | number }[]) => rows.map((row) => String(row.id));

export async function selectOldOrderIds(db: Db, before: Date, limit: number) {
  return idsOf(await db.select({ id: t.orders.id }).from(t.orders).where(lt(t.orders.createdAt, before)).limit(limit));
}

export function deleteOrders(db: Db, ids: string[]) {
  return inTransaction(db, async (tx) => {
    // A license key keeps its order's id without a cascade (keys are never reused): it goes first.
    await tx.delete(t.licenseKeys).where(inArray(t.licenseKeys.orderId, ids));
    await tx.delete(t.orders).where(inArray(t.orders.id, ids));
  });
}

/** Quotes no order used (an ordered quote goes with its order). */
export async function selectUnorderedQuoteIds(db: Db, before: Date, limit: number) {
  const ordered = db
    .select({ one: sql`1` })
    .from(t.unlockOrders)
    .where(sql`${t.unlockOrders.quoteId} = ${t.quotes.id}`);
  return idsOf(
    await db
      .select({ id: t.quotes.id })
      .from(t.quotes)
      .where(and(lt(t.quotes.createdAt, before), notExists(ordered)))
      .limit(limit),
  );
}

export async function deleteQuotes(db: Db, ids: string[]) {
  await db.delete(t.quotes).where(inArray(t.quotes.id, ids));
}

/** Sign-in sessions and verification links that ran out before `before`. */
export async function deleteExpiredSessions(db: Db, before: Date): Promise<number> {
  const sessions = await db.delete(t.session).where(lt(t.session.expiresAt, before)).returning({ id: t.session.id });
  await db.delete(t.verification).where(lt(t.verification.expiresAt, before));
  return sessions.length;
}

export async function selectOldMailIds(db: Db, before: Date, limit: number) {
  return idsOf(
    await db.select({ id: t.mailOutbox.id }).from(t.mailOutbox).where(lt(t.mailOutbox.createdAt, before)).limit(limit),
  );
}

export async function deleteMail(db: Db, ids: string[]) {
  await db.delete(t.mailOutbox).where(inArray(t.mailOutbox.id, ids.map(Number)));
}

export async function selectOldBugReportIds(db: Db, before: Date, limit: number) {
  return idsOf(
    await db.select({ id: t.bugReports.id }).from(t.bugReports).where(lt(t.bugReports.createdAt, before)).limit(limit),
  );
}

export async function deleteBugReports(db: Db, ids: string[]) {
  await db.delete(t.bugReports).where(inArray(t.bugReports.id, ids));
}

export async function selectOldServiceRequestIds(db: Db, before: Date, limit: number) {
  return idsOf(
    await db
      .select({ id: t.serviceRequests.id })
      .from(t.serviceRequests)
      .where(lt(t.serviceRequests.createdAt, before))
      .limit(limit),
  );
}

export async function selectOldConversationIds(db: Db, before: Date, limit: number) {
  return idsOf(
    await db
      .select({ id: t.supportConversations.id })
      .from(t.supportConversations)
      .where(lt(t.supportConversations.updatedAt, before))
      .limit(limit),
  );
}

/** Conversations with their messages (the messages go by their foreign key). */
export async function deleteConversations(db: Db, ids: string[]) {
  await db.delete(t.supportConversations).where(inArray(t.supportConversations.id, ids));
}

export async function deleteServiceRequests(db: Db, ids: string[]) {
  await db.delete(t.serviceRequests).where(inArray(t.serviceRequests.id, ids));
}

/** Provider events handled (with an outcome) before `before`. */
export async function deleteHandledPaymentEvents(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(t.paymentEvents)
    .where(and(lt(t.paymentEvents.receivedAt, before), isNotNull(t.paymentEvents.outcome)))
    .returning({ id: t.paymentEvents.eventId });
  return rows.length;
}

/** The sandbox provider's sessions that ran out before `before`, with their events. */
export async function deleteSandboxSessions(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(t.sandboxPaymentSessions)
    .where(lt(t.sandboxPaymentSessions.expiresAt, before))
    .returning({ id: t.sandboxPaymentSessions.id });
  return rows.length;
}
