import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { SandboxSupplierOrder, SandboxSupplierStore } from '../../integrations/suppliers/sandbox-server.ts';

function toOrder(row: typeof t.sandboxSupplierOrders.$inferSelect): SandboxSupplierOrder {
  return {
    referenceId: String(row.referenceId),
    reference: row.reference,
    serviceId: row.serviceId,
    imei: row.imei,
    polls: row.polls,
  };
}

function referenceNumber(referenceId: string): number | null {
  const id = Number(referenceId);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The sandbox unlock supplier's orders, kept in our database (beside the supplier tools). */
export function sandboxSupplierStore(db: Db): SandboxSupplierStore {
  const o = t.sandboxSupplierOrders;
  return {
    async place(order) {
      // ON CONFLICT on the reference: a repeat after a crash, even a concurrent one, gets the first order back.
      const [placed] = await db
        .insert(o)
        .values({ reference: order.reference, serviceId: order.serviceId, imei: order.imei })
        .onConflictDoNothing({ target: o.reference })
        .returning();
      if (placed) return toOrder(placed);
      const [same] = await db
        .select()
        .from(o)
        .where(eq(o.reference, order.reference ?? ''));
      if (!same) throw new Error('sandbox supplier: an order with this reference vanished');
      return toOrder(same);
    },
    async poll(referenceId) {
      const id = referenceNumber(referenceId);
      if (id === null) return null;
      const [row] = await db
        .update(o)
        .set({ polls: sql`${o.polls} + 1` })
        .where(eq(o.referenceId, id))
        .returning();
      return row ? toOrder(row) : null;
    },
    async find(referenceId) {
      const id = referenceNumber(referenceId);
      if (id === null) return null;
      const [row] = await db.select().from(o).where(eq(o.referenceId, id));
      return row ? toOrder(row) : null;
    },
    async firstServiceOf(imei) {
      const [row] = await db
        .select({ serviceId: o.serviceId })
        .from(o)
        .where(eq(o.imei, imei))
        .orderBy(asc(o.referenceId))
        .limit(1);
      return row?.serviceId ?? null;
    },
  };
}
