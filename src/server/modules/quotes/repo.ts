import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { SupplierService } from '../../integrations/suppliers/types.ts';
import { DEFAULT_PRICING_RULE, type SkuSeed, UNKNOWN_SUCCESS_PERMILLE } from './catalogue-rules.ts';

/** A supplier service's link columns when it is linked to nothing. */
export const NO_LINK = {
  brandSlug: null,
  carrierSlug: null,
  countryCode: null,
  seriesMin: null,
  seriesMax: null,
  modelSeries: null,
} as const;

export async function ensureSupplier(db: Db, supplier: { id: string; name: string; adapter: string }) {
  await db
    .insert(t.suppliers)
    .values({ supplierId: supplier.id, name: supplier.name, adapter: supplier.adapter })
    .onConflictDoUpdate({
      target: t.suppliers.supplierId,
      set: { name: supplier.name, adapter: supplier.adapter, active: true },
    });
}

/** A supplier's service as the import stores it; `mapping` is the store's mapping for a new tool, if known. */
export interface ImportedTool {
  readonly toolId: string;
  readonly name: string;
  readonly costCents: number;
  readonly deliveryHoursMin: number;
  readonly deliveryHoursMax: number;
  readonly requiredFields: readonly string[];
  readonly mapping: SupplierService | null;
}

export interface ToolImport {
  /** Tools seen for the first time. */
  readonly inserted: number;
  /** Tools already known, with the supplier's name, cost, times and fields refreshed. */
  readonly updated: number;
  /** Tools the supplier no longer lists, made inactive. */
  readonly deactivated: number;
}

/**
 * Imports the supplier's service list (docs/suppliers.md "Service list import"): the supplier's
 * facts (name, cost, delivery hours, required fields) are refreshed; the store's mapping (brand,
 * carrier, country, series, success, clean check) of a known tool is kept, and only an unmapped
 * one takes the mapping offered; one an admin rejected stays rejected. A tool without a mapping waits
 * for an admin (link_state 'pending', the auto-linker's queue). A tool is active when it is linked
 * and needs no field besides the IMEI. With `complete`, tools the list no longer holds become
 * inactive. One transaction.
 */
export async function importSupplierTools(
  db: Db,
  supplierId: string,
  tools: readonly ImportedTool[],
  options: {
    readonly complete: boolean;
    /** Runs in the import's transaction with its result (an admin's audit event). */
    readonly within?: (tx: Db, result: ToolImport) => Promise<void>;
  },
): Promise<ToolImport> {
  const st = t.supplierTools;
  return inTransaction(db, async (tx) => {
    const existing = await tx.select().from(st).where(eq(st.supplierId, supplierId));
    const known = new Map(existing.map((row) => [row.toolId, row]));
    const rows = tools.map((tool) => {
      const before = known.get(tool.toolId);
      const keep = before?.linkState === 'linked' && before.brandSlug !== null && before.carrierSlug !== null;
      const rejected = before?.linkState === 'rejected';
      const mapping = keep
        ? {
            brandSlug: before.brandSlug,
            carrierSlug: before.carrierSlug,
            countryCode: before.countryCode,
            seriesMin: before.seriesMin,
            seriesMax: before.seriesMax,
            modelSeries: before.modelSeries,
            successPermille: before.successPermille,
            requiresCleanCheck: before.requiresCleanCheck,
          }
        : rejected
          ? {
              ...NO_LINK,
              successPermille: before.successPermille,
              requiresCleanCheck: before.requiresCleanCheck,
            }
          : {
              brandSlug: tool.mapping?.brand_slug ?? null,
              carrierSlug: tool.mapping?.carrier_slug ?? null,
              countryCode: tool.mapping?.country_code ?? null,
              seriesMin: tool.mapping?.series_min ?? null,
              seriesMax: tool.mapping?.series_max ?? null,
              modelSeries: tool.mapping?.model_series ? [...tool.mapping.model_series] : null,
              successPermille: tool.mapping
                ? Math.round(tool.mapping.success_rate * 1000)
                : (before?.successPermille ?? UNKNOWN_SUCCESS_PERMILLE),
              requiresCleanCheck: tool.mapping?.requires_clean_check ?? before?.requiresCleanCheck ?? false,
            };
      const mapped = mapping.brandSlug !== null && mapping.carrierSlug !== null;
      const linkState = rejected ? 'rejected' : mapped ? 'linked' : 'pending';
      return {
        toolId: tool.toolId,
        supplierId,
        name: tool.name,
        costCents: tool.costCents,
        deliveryHoursMin: tool.deliveryHoursMin,
        deliveryHoursMax: tool.deliveryHoursMax,
        requiredFields: [...tool.requiredFields],
        ...mapping,
        linkState,
        active: linkState === 'linked' && tool.requiredFields.length === 0,
      };
    });
    if (rows.length > 0) {
      await tx
        .insert(st)
        .values(rows)
        .onConflictDoUpdate({
          target: st.toolId,
          set: {
            supplierId: sql`excluded.supplier_id`,
            name: sql`excluded.name`,
            costCents: sql`excluded.cost_cents`,
            deliveryHoursMin: sql`excluded.delivery_hours_min`,
            deliveryHoursMax: sql`excluded.delivery_hours_max`,
            requiredFields: sql`excluded.required_fields`,
            brandSlug: sql`excluded.brand_slug`,
            carrierSlug: sql`excluded.carrier_slug`,
            countryCode: sql`excluded.country_code`,
            seriesMin: sql`excluded.series_min`,
            seriesMax: sql`excluded.series_max`,
            modelSeries: sql`excluded.model_series`,
            successPermille: sql`excluded.success_permille`,
            requiresCleanCheck: sql`excluded.requires_clean_check`,
            linkState: sql`excluded.link_state`,
            active: sql`excluded.active`,
            updatedAt: sql`now()`,
          },
        });
    }
    let deactivated = 0;
    if (options.complete) {
      const listed = new Set(tools.map((tool) => tool.toolId));
      const gone = existing.filter((row) => row.active && !listed.has(row.toolId)).map((row) => row.toolId);
      if (gone.length > 0) {
        await tx
          .update(st)
          .set({ active: false, updatedAt: sql`now()` })
          .where(inArray(st.toolId, gone));
        deactivated = gone.length;
      }
    }
    const inserted = tools.filter((tool) => !known.has(tool.toolId)).length;
    const result = { inserted, updated: tools.length - inserted, deactivated };
    await options.within?.(tx, result);
    return result;
  });
}

/**
 * The store buys from one supplier at a time (the one configured): every other supplier's tools
 * stop matching quotes.
 */
export async function deactivateOtherSuppliers(db: Db, supplierId: string) {
  await db
    .update(t.suppliers)
    .set({ active: false })
    .where(and(ne(t.suppliers.supplierId, supplierId), eq(t.suppliers.active, true)));
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

/**
 * The tools among `toolIds` of an active supplier, active or not: a device service's tools need
 * custom fields, so they never match a carrier unlock (ADR 071) but are still sold as services.
 */
export function selectSupplierTools(db: Db, toolIds: readonly string[]) {
  if (toolIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(t.supplierTools)
    .innerJoin(t.suppliers, eq(t.suppliers.supplierId, t.supplierTools.supplierId))
    .where(and(inArray(t.supplierTools.toolId, [...toolIds]), eq(t.suppliers.active, true)))
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

export async function recordSupplierCredit(
  db: Db,
  supplierId: string,
  credit: { creditCents: number; currency: string },
) {
  await db
    .update(t.suppliers)
    .set({ creditCents: credit.creditCents, creditCurrency: credit.currency, creditCheckedAt: sql`now()` })
    .where(eq(t.suppliers.supplierId, supplierId));
}

/** The active supplier's account as last seen, or null before its first sync. */
export async function selectSupplierAccount(db: Db) {
  const [row] = await db
    .select()
    .from(t.suppliers)
    .where(and(eq(t.suppliers.active, true), isNotNull(t.suppliers.creditCheckedAt)))
    .limit(1);
  return row && row.creditCents !== null && row.creditCheckedAt
    ? {
        name: row.name,
        creditCents: row.creditCents,
        currency: row.creditCurrency ?? 'USD',
        checkedAt: row.creditCheckedAt,
      }
    : null;
}
