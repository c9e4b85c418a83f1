import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { DEFAULT_PRICING_RULE } from './catalogue-rules.ts';

const st = t.supplierTools;
const sku = t.unlockSkus;

/** Every SKU with its default tool (null when none is set or the row is gone), by code. */
export function selectSkusWithTools(db: Db) {
  return db
    .select({ sku, tool: st })
    .from(sku)
    .leftJoin(st, eq(st.toolId, sku.defaultToolId))
    .orderBy(asc(sku.skuCode));
}

/** The current supplier's linked services, by name. */
export function selectLinkedTools(db: Db) {
  return db
    .select({ tool: st })
    .from(st)
    .innerJoin(t.suppliers, eq(t.suppliers.supplierId, st.supplierId))
    .where(and(eq(t.suppliers.active, true), eq(st.linkState, 'linked')))
    .orderBy(asc(st.name), asc(st.toolId));
}

export function lockSku(tx: Db, skuId: number) {
  return tx.select().from(sku).where(eq(sku.skuId, skuId)).for('update');
}

export function selectTool(db: Db, toolId: string) {
  return db.select().from(st).where(eq(st.toolId, toolId));
}

export async function updateSku(
  tx: Db,
  skuId: number,
  change: {
    priceCents: number;
    estimatedHoursMin: number;
    estimatedHoursMax: number;
    requiresCleanCheck: boolean;
    defaultToolId: string | null;
    allowBelowMargin: boolean;
    active: boolean;
  },
) {
  await tx.update(sku).set(change).where(eq(sku.skuId, skuId));
}

/** The rule quotes apply (the active one with the lowest id), locked; made from the default when none exists. */
export async function lockActiveRule(tx: Db) {
  const [rule] = await tx
    .select()
    .from(t.pricingRules)
    .where(eq(t.pricingRules.active, true))
    .orderBy(asc(t.pricingRules.id))
    .limit(1)
    .for('update');
  if (rule) return rule;
  const [made] = await tx.insert(t.pricingRules).values(DEFAULT_PRICING_RULE).returning();
  if (!made) throw new Error('pricing rule insert returned no row');
  return made;
}

export async function updateRule(
  tx: Db,
  id: number,
  rule: { markupPercent: number; minMarginCents: number; roundTo99: boolean; minMarginPercent: number },
) {
  await tx.update(t.pricingRules).set(rule).where(eq(t.pricingRules.id, id));
}

/** The latest quotes priced by the rule (no SKU), with the tool cost they were priced on. */
export function selectRulePricedQuotes(db: Db, limit: number) {
  const q = t.quotes;
  return db
    .select({
      id: q.id,
      createdAt: q.createdAt,
      brandSlug: q.brandSlug,
      model: q.model,
      carrierSlug: q.carrierSlug,
      countryCode: q.countryCode,
      toolCostCents: q.toolCostCents,
    })
    .from(q)
    .where(and(eq(q.source, 'catalog_tools'), isNotNull(q.toolCostCents)))
    .orderBy(desc(q.createdAt))
    .limit(limit);
}
