import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { SupplierService } from '../../integrations/suppliers/types.ts';
import type { SkuSeed } from './service.ts';

export const DEFAULT_PRICING_RULE = { name: 'Default', markupPercent: 60, minMarginCents: 1000, roundTo99: true };

export async function ensureSupplier(db: Db, supplier: { id: string; name: string; adapter: string }) {
  await db
    .insert(t.suppliers)
    .values({ supplierId: supplier.id, name: supplier.name, adapter: supplier.adapter })
    .onConflictDoUpdate({ target: t.suppliers.supplierId, set: { name: supplier.name, adapter: supplier.adapter } });
}

/** Upserts the supplier's services; answers how many tools are new. */
export async function upsertSupplierTools(db: Db, supplierId: string, services: readonly SupplierService[]) {
  if (services.length === 0) return 0;
  const existing = await db
    .select({ toolId: t.supplierTools.toolId })
    .from(t.supplierTools)
    .where(
      inArray(
        t.supplierTools.toolId,
        services.map((s) => s.tool_id),
      ),
    );
  const known = new Set(existing.map((row) => row.toolId));
  await db
    .insert(t.supplierTools)
    .values(
      services.map((s) => ({
        toolId: s.tool_id,
        supplierId,
        name: s.name,
        costCents: s.cost_cents,
        deliveryHoursMin: s.delivery_hours_min,
        deliveryHoursMax: s.delivery_hours_max,
        successPermille: Math.round(s.success_rate * 1000),
        requiresCleanCheck: s.requires_clean_check,
        brandSlug: s.brand_slug,
        carrierSlug: s.carrier_slug,
        countryCode: s.country_code,
        seriesMin: s.series_min,
        seriesMax: s.series_max,
        modelSeries: s.model_series ? [...s.model_series] : null,
      })),
    )
    .onConflictDoUpdate({
      target: t.supplierTools.toolId,
      set: {
        name: sql`excluded.name`,
        costCents: sql`excluded.cost_cents`,
        deliveryHoursMin: sql`excluded.delivery_hours_min`,
        deliveryHoursMax: sql`excluded.delivery_hours_max`,
        successPermille: sql`excluded.success_permille`,
        requiresCleanCheck: sql`excluded.requires_clean_check`,
        brandSlug: sql`excluded.brand_slug`,
        carrierSlug: sql`excluded.carrier_slug`,
        countryCode: sql`excluded.country_code`,
        seriesMin: sql`excluded.series_min`,
        seriesMax: sql`excluded.series_max`,
        modelSeries: sql`excluded.model_series`,
        updatedAt: sql`now()`,
      },
    });
  return services.filter((s) => !known.has(s.tool_id)).length;
}

export async function upsertSkus(db: Db, skus: readonly SkuSeed[]) {
  if (skus.length === 0) return;
  await db
    .insert(t.unlockSkus)
    .values(
      skus.map((s) => ({
        skuCode: s.sku_code,
        brandSlug: s.brand_slug,
        carrierSlug: s.carrier_slug,
        countryCode: s.country_code,
        seriesMin: s.series_min,
        seriesMax: s.series_max,
        priceCents: s.price_cents,
        estimatedHoursMin: s.estimated_hours_min,
        estimatedHoursMax: s.estimated_hours_max,
        requiresCleanCheck: s.requires_clean_check,
        defaultToolId: s.default_tool_id,
      })),
    )
    .onConflictDoNothing({ target: t.unlockSkus.skuCode });
}

export async function ensurePricingRule(db: Db) {
  const [rule] = await db.select({ id: t.pricingRules.id }).from(t.pricingRules).limit(1);
  if (!rule) await db.insert(t.pricingRules).values(DEFAULT_PRICING_RULE);
}

export async function activePricingRule(db: Db) {
  const [rule] = await db
    .select()
    .from(t.pricingRules)
    .where(eq(t.pricingRules.active, true))
    .orderBy(asc(t.pricingRules.id))
    .limit(1);
  return rule ?? DEFAULT_PRICING_RULE;
}

/** Every active SKU; the quote engine keeps them in memory until the catalogue changes. */
export function selectActiveSkus(db: Db) {
  return db.select().from(t.unlockSkus).where(eq(t.unlockSkus.active, true));
}

/** Every active tool of an active supplier. */
export function selectActiveTools(db: Db) {
  return db
    .select()
    .from(t.supplierTools)
    .innerJoin(t.suppliers, eq(t.suppliers.supplierId, t.supplierTools.supplierId))
    .where(and(eq(t.supplierTools.active, true), eq(t.suppliers.active, true)))
    .then((rows) => rows.map((row) => row.supplier_tools));
}

export type NewQuote = typeof t.quotes.$inferInsert;

export async function insertQuotes(db: Db, quotes: readonly NewQuote[]) {
  await db.insert(t.quotes).values([...quotes]);
}

export async function findQuote(db: Db, id: string) {
  const [row] = await db.select().from(t.quotes).where(eq(t.quotes.id, id));
  return row ?? null;
}

export async function insertServiceRequest(db: Db, request: typeof t.serviceRequests.$inferInsert) {
  await db.insert(t.serviceRequests).values(request);
}
