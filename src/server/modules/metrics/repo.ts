import { count, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { ScrapedFigures } from '../../metrics.ts';

/** What a metrics scrape reads from the database (ADR 085): cheap grouped counts. */
export async function selectScrapedFigures(db: Db): Promise<ScrapedFigures> {
  const [queues, orders, paymentEvents, refunds] = await Promise.all([
    db.execute(sql`
      SELECT name AS queue, state::text AS state, count(*)::int AS jobs,
             coalesce(extract(epoch FROM now() - min(created_on)), 0)::float8 AS "oldestSeconds"
        FROM pgboss.job
       WHERE state IN ('created', 'retry', 'active')
       GROUP BY name, state`),
    db
      .select({ kind: t.orders.kind, status: t.orders.status, orders: count() })
      .from(t.orders)
      .groupBy(t.orders.kind, t.orders.status),
    db
      .select({ outcome: sql<string>`coalesce(${t.paymentEvents.outcome}, 'pending')`, events: count() })
      .from(t.paymentEvents)
      .groupBy(t.paymentEvents.outcome),
    db
      .select({ kind: t.orders.kind, refunds: count() })
      .from(t.orders)
      .where(isNotNull(t.orders.refundRef))
      .groupBy(t.orders.kind),
  ]);
  return {
    // Both drivers answer `execute` with `{ rows }`; the shared Db type does not say so.
    queues: (
      queues as unknown as { rows: { queue: string; state: string; jobs: number; oldestSeconds: number }[] }
    ).rows.map((row) => ({
      ...row,
      jobs: Number(row.jobs),
      oldestSeconds: Number(row.oldestSeconds),
    })),
    orders,
    paymentEvents,
    refunds,
  };
}
