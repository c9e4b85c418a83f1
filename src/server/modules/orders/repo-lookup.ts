import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** Orders placed with `email` (any case) whose id is `id`, or starts with `idPrefix`, newest first. */
export function selectOrdersByEmailAndId(
  db: Db,
  query: { email: string; id?: string; idPrefix?: string; limit: number },
) {
  const o = t.orders;
  const byId = query.id !== undefined ? eq(o.id, query.id) : like(o.id, `${query.idPrefix ?? ''}%`);
  return db
    .select({ id: o.id, kind: o.kind, status: o.status, createdAt: o.createdAt })
    .from(o)
    .where(and(sql`lower(${o.email}) = ${query.email.toLowerCase()}`, byId))
    .orderBy(desc(o.createdAt))
    .limit(query.limit);
}
