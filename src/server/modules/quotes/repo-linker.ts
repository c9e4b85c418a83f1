import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { LinkState } from '../../../domain/admin-linker.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { NO_LINK } from './repo.ts';

const st = t.supplierTools;
const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;
const ofActiveSupplier = eq(t.suppliers.active, true);

export type LinkTool = Awaited<ReturnType<typeof selectLinkTools>>[number];

/** The current supplier's services in one link state, by name, searched by name or tool id. */
export function selectLinkTools(db: Db, state: LinkState, q: string | undefined, limit: number) {
  const search = q ? sql`(${ilike(st.name, like(q))} or ${ilike(st.toolId, like(q))})` : undefined;
  return db
    .select({ tool: st, supplier: t.suppliers.name })
    .from(st)
    .innerJoin(t.suppliers, eq(t.suppliers.supplierId, st.supplierId))
    .where(and(ofActiveSupplier, eq(st.linkState, state), search))
    .orderBy(asc(st.name), asc(st.toolId))
    .limit(limit);
}

export async function linkCounts(db: Db): Promise<Record<LinkState, number>> {
  const rows = await db
    .select({ state: st.linkState, n: count() })
    .from(st)
    .innerJoin(t.suppliers, eq(t.suppliers.supplierId, st.supplierId))
    .where(ofActiveSupplier)
    .groupBy(st.linkState);
  const counts: Record<LinkState, number> = { pending: 0, linked: 0, rejected: 0 };
  for (const row of rows) counts[row.state as LinkState] = row.n;
  return counts;
}

/** The tools, locked for the decision about them. */
export function lockTools(tx: Db, toolIds: readonly string[]) {
  return tx
    .select()
    .from(st)
    .where(inArray(st.toolId, [...toolIds]))
    .for('update');
}

export interface ToolLink {
  readonly brandSlug: string;
  readonly carrierSlug: string;
  readonly countryCode: string | null;
  readonly seriesMin: number | null;
  readonly seriesMax: number | null;
  readonly modelSeries: readonly string[] | null;
  readonly requiresCleanCheck: boolean;
}

/** Links a tool (active at once: the caller checked it needs no field besides the IMEI). */
export async function linkTool(tx: Db, toolId: string, link: ToolLink) {
  await tx
    .update(st)
    .set({
      ...link,
      modelSeries: link.modelSeries ? [...link.modelSeries] : null,
      linkState: 'linked',
      active: true,
      updatedAt: sql`now()`,
    })
    .where(eq(st.toolId, toolId));
}

/** Unlinks a tool: waiting for an admin again, or rejected. */
export async function unlinkTool(tx: Db, toolId: string, state: Exclude<LinkState, 'linked'>) {
  await tx
    .update(st)
    .set({
      ...NO_LINK,
      linkState: state,
      active: false,
      updatedAt: sql`now()`,
    })
    .where(eq(st.toolId, toolId));
}
