import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { SandboxEvent, SandboxSession, SandboxSessionStore } from '../../integrations/payments/sandbox.ts';

function toEvent(row: typeof t.sandboxPaymentEvents.$inferSelect): SandboxEvent {
  return {
    id: row.id,
    sessionId: row.sessionId,
    type: row.type,
    body: row.body,
    attempts: row.attempts,
    deliveredAt: row.deliveredAt,
  };
}

function toSession(row: typeof t.sandboxPaymentSessions.$inferSelect): SandboxSession {
  return {
    id: row.id,
    orderId: row.orderId,
    email: row.email,
    amountCents: row.amountCents,
    currency: row.currency,
    lineItems: row.lineItems,
    description: row.description,
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    status: row.status as SandboxSession['status'],
    paymentRef: row.paymentRef,
    expiresAt: row.expiresAt,
  };
}

/** The sandbox payment provider's sessions and outgoing events, kept in our database. */
export function sandboxSessionStore(db: Db): SandboxSessionStore {
  return {
    async insert(session) {
      await db.insert(t.sandboxPaymentSessions).values({
        id: session.id,
        orderId: session.orderId,
        email: session.email,
        amountCents: session.amountCents,
        currency: session.currency,
        lineItems: session.lineItems,
        description: session.description,
        successUrl: session.successUrl,
        cancelUrl: session.cancelUrl,
        status: session.status,
        paymentRef: session.paymentRef,
        expiresAt: session.expiresAt,
      });
    },
    async find(id) {
      const [row] = await db.select().from(t.sandboxPaymentSessions).where(eq(t.sandboxPaymentSessions.id, id));
      return row ? toSession(row) : null;
    },
    async close(id, status, paymentRef, event) {
      return inTransaction(db, async (tx) => {
        const rows = await tx
          .update(t.sandboxPaymentSessions)
          .set({ status, paymentRef })
          .where(and(eq(t.sandboxPaymentSessions.id, id), eq(t.sandboxPaymentSessions.status, 'open')))
          .returning({ id: t.sandboxPaymentSessions.id });
        if (rows.length === 0) return false;
        await tx
          .insert(t.sandboxPaymentEvents)
          .values({ id: event.id, sessionId: id, type: event.type, body: event.body });
        return true;
      });
    },
    async findEvent(id) {
      const [row] = await db.select().from(t.sandboxPaymentEvents).where(eq(t.sandboxPaymentEvents.id, id));
      return row ? toEvent(row) : null;
    },
    async findEventOfSession(sessionId) {
      const [row] = await db
        .select()
        .from(t.sandboxPaymentEvents)
        .where(eq(t.sandboxPaymentEvents.sessionId, sessionId));
      return row ? toEvent(row) : null;
    },
    async recordAttempt(id, outcome) {
      const e = t.sandboxPaymentEvents;
      await db
        .update(e)
        .set(
          outcome.delivered
            ? { attempts: sql`${e.attempts} + 1`, deliveredAt: sql`coalesce(${e.deliveredAt}, now())`, lastError: null }
            : { attempts: sql`${e.attempts} + 1`, lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt },
        )
        .where(eq(e.id, id));
    },
    async claimDueEvents(now, leaseUntil, limit) {
      const e = t.sandboxPaymentEvents;
      return inTransaction(db, async (tx) => {
        // SKIP LOCKED: two instances sweeping at once take different events.
        const due = await tx
          .select({ id: e.id })
          .from(e)
          .where(and(isNull(e.deliveredAt), lte(e.nextAttemptAt, now)))
          .orderBy(asc(e.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        const ids = due.map((row) => row.id);
        await tx.update(e).set({ nextAttemptAt: leaseUntil }).where(inArray(e.id, ids));
        return ids;
      });
    },
    async refund(paymentRef, amountCents, key) {
      const s = t.sandboxPaymentSessions;
      const rows = await db
        .update(s)
        .set({
          refundedCents: sql`${s.refundedCents} + ${amountCents}`,
          refundKeys: sql`array_append(${s.refundKeys}, ${key}::text)`,
        })
        .where(
          and(
            eq(s.paymentRef, paymentRef),
            sql`NOT (${key}::text = ANY(${s.refundKeys}))`,
            sql`${s.refundedCents} + ${amountCents} <= ${s.amountCents}`,
          ),
        )
        .returning({ id: s.id });
      if (rows.length > 0) return true;
      const [same] = await db
        .select({ id: s.id })
        .from(s)
        .where(and(eq(s.paymentRef, paymentRef), sql`${key}::text = ANY(${s.refundKeys})`));
      return same !== undefined;
    },
  };
}
