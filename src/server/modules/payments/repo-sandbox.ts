import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { SandboxSession, SandboxSessionStore } from '../../integrations/payments/sandbox.ts';

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

/** The sandbox payment provider's sessions, kept in our database. */
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
    async close(id, status, paymentRef) {
      const rows = await db
        .update(t.sandboxPaymentSessions)
        .set({ status, paymentRef })
        .where(and(eq(t.sandboxPaymentSessions.id, id), eq(t.sandboxPaymentSessions.status, 'open')))
        .returning({ id: t.sandboxPaymentSessions.id });
      return rows.length > 0;
    },
    async refund(paymentRef, amountCents, key) {
      const s = t.sandboxPaymentSessions;
      const rows = await db
        .update(s)
        .set({ refundedCents: sql`${s.refundedCents} + ${amountCents}`, refundKey: key })
        .where(
          and(
            eq(s.paymentRef, paymentRef),
            sql`${s.refundKey} IS DISTINCT FROM ${key}`,
            sql`${s.refundedCents} + ${amountCents} <= ${s.amountCents}`,
          ),
        )
        .returning({ id: s.id });
      if (rows.length > 0) return true;
      const [same] = await db
        .select({ id: s.id })
        .from(s)
        .where(and(eq(s.paymentRef, paymentRef), eq(s.refundKey, key)));
      return same !== undefined;
    },
  };
}
