import { randomUUID } from 'node:crypto';
import { floorPriceCents } from '../../../domain/offer.ts';
import { NO_MATCH_MESSAGE, QUOTE_TTL_MINUTES, type QuoteAnswer, type QuoteRequest } from '../../../domain/quote.ts';
import { splitCarriers, UNLOCK_FORM_MESSAGES } from '../../../domain/unlock-form.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { windowAverageHours } from '../../../domain/unlock-fulfilment.ts';
import { type ServiceMappings, serviceMappingsFor, toolIdOf } from '../../integrations/suppliers/index.ts';
import type { UnlockSupplier } from '../../integrations/suppliers/types.ts';
import type { CatalogService } from '../catalog/service.ts';
import { toolDeliveryAverages } from '../unlocks/service.ts';
import type { SkuSeed } from './catalogue-rules.ts';
import { iphoneSeriesOf, samsungSeriesOf } from './matching.ts';
import { routeUnlock, type UnlockCatalogue } from './offer.ts';
import { createQuoteWriter } from './quote-writer.ts';
import * as repo from './repo.ts';
import { mapServiceByName } from './service-mapping.ts';
import { formatHours, type ScoredTool } from './routing.ts';

const APPLE = 'apple';
const SAMSUNG = 'samsung';

export { skuSeedSchema, type SkuSeed } from './catalogue-rules.ts';

// The wire types of src/domain/quote.ts, inferred from the schemas the route validates with.
export type { QuoteAnswer, QuoteRequest };
type QuoteAdminInfo = NonNullable<QuoteAnswer['admin']>;
type ToolSummary = QuoteAdminInfo['alternative_tools'][number];

const summary = (tool: ScoredTool): ToolSummary => ({
  name: tool.name,
  tool_id: tool.toolId,
  cost_cents: tool.costCents,
  score: tool.score,
});

type ToolRecord = Awaited<ReturnType<typeof repo.selectActiveTools>>[number];
type SkuRecord = Awaited<ReturnType<typeof repo.selectActiveSkus>>[number];

/** The unlock catalogue as the engine reads it: small, read on every quote, changed by syncs. */
interface UnlockIndex extends UnlockCatalogue<SkuRecord> {
  readonly tools: ToolRecord[];
  readonly iphones: Map<string, number>;
  readonly samsungs: Map<string, string>;
  /** Mean hours of the tools with enough completed unlocks (the unlocks module's figures). */
  readonly averages: Map<string, number>;
}

/** A supplier tool as an unlock order's plan needs it. */
export interface PlanTool {
  readonly toolId: string;
  readonly costCents: number;
  readonly deliveryHoursMin: number;
  readonly deliveryHoursMax: number;
}

export interface QuoteEngine {
  quote(request: QuoteRequest, options: { admin: boolean }): Promise<QuoteAnswer>;
  findQuote(id: string): ReturnType<typeof repo.findQuote>;
  /** The active tools among `toolIds`, in that order (a tool no longer listed is left out). */
  activeTools(toolIds: readonly string[]): Promise<PlanTool[]>;
  /**
   * The least an order of this quote may be charged, a coupon included (ADR 103): the minimum margin
   * over the dearest of its tools, or that tool's cost where an admin let its SKU sell below the margin.
   */
  saleFloorCents(quote: { readonly skuId: number | null }, tools: readonly PlanTool[]): Promise<number>;
  /** The device service tools among `toolIds`, in that order (ADR 071): those of an active supplier. */
  serviceTools(toolIds: readonly string[]): Promise<PlanTool[]>;
  /** The supplier's credit as its account answered it (the sync), for the admin's day's work. */
  recordSupplierCredit(credit: { creditCents: number; currency: string }): Promise<void>;
  /** Reads the catalogue again on the next quote: an admin's link or price on this or another instance. */
  invalidate(): void;
  /** The admin sync (`?sync=1`): imports up to `limit` of the supplier's services. */
  /** `within` runs in the import's transaction with its result (the admin's audit event). */
  syncCatalog(limit: number, within?: (tx: Db, result: repo.ToolImport) => Promise<void>): Promise<repo.ToolImport>;
  /** The `suppliers.sync` job and the seed: imports the supplier's whole service list. */
  importSupplierServices(): Promise<SupplierImport>;
  loadSeedCatalogue(skus: readonly SkuSeed[]): Promise<void>;
}

/** How long an instance quotes from its in-memory catalogue before reading it again (ADR 014). */
export const CATALOG_REFRESH_MS = 60_000;

export interface SupplierImport extends repo.ToolImport {
  readonly supplierId: string;
  /** Services the supplier lists. */
  readonly listed: number;
}

export interface QuoteEngineOptions {
  /** The store's mapping of the supplier's services (default: the sandbox seed file, none for DHRU). */
  readonly serviceMappings?: ServiceMappings;
  readonly catalogRefreshMs?: number;
  /** The clock the refresh interval is measured on (tests move it on). */
  readonly now?: () => number;
}

export function createQuoteEngine(
  db: Db,
  catalog: CatalogService,
  supplier: UnlockSupplier,
  options: QuoteEngineOptions = {},
): QuoteEngine {
  const mappings = options.serviceMappings ?? serviceMappingsFor(supplier);
  const refreshMs = options.catalogRefreshMs ?? CATALOG_REFRESH_MS;
  const now = options.now ?? Date.now;
  let index: Promise<UnlockIndex> | null = null;
  let loadedAt = 0;
  let refreshing = false;
  // Bumped whenever this instance drops its index, so a refresh begun before cannot put old data back.
  let generation = 0;
  const quoteWriter = createQuoteWriter(db);

  async function loadIndex(): Promise<UnlockIndex> {
    const [skus, tools, { iphones, samsungs }, pricing, averages] = await Promise.all([
      repo.selectActiveSkus(db),
      repo.selectActiveTools(db),
      catalog.modelSeries(),
      repo.activePricingRule(db),
      toolDeliveryAverages(db),
    ]);
    return {
      skus,
      tools,
      iphones: new Map(iphones.map((m) => [m.name.toLowerCase(), m.series])),
      samsungs: new Map(samsungs.map((m) => [m.name.toLowerCase(), m.series])),
      pricing,
      averages,
    };
  }

  function dropIndex() {
    index = null;
    generation += 1;
  }

  /**
   * Another instance may have synced the catalogue: once the index is older than refreshMs it is
   * read again in the background, and quotes keep using the old one until the new one is in.
   */
  function refreshInBackground() {
    refreshing = true;
    const started = generation;
    loadIndex()
      .then((fresh) => {
        if (generation !== started) return;
        index = Promise.resolve(fresh);
        loadedAt = now();
      })
      // The index in hand keeps serving; the next quote after refreshMs tries again.
      .catch(() => {
        if (generation === started) loadedAt = now();
      })
      .finally(() => {
        refreshing = false;
      });
  }

  function unlockIndex(): Promise<UnlockIndex> {
    if (!index) {
      const loading = loadIndex();
      index = loading;
      loadedAt = now();
      loading.catch(() => {
        if (index === loading) dropIndex();
      });
      return loading;
    }
    if (!refreshing && now() - loadedAt >= refreshMs) refreshInBackground();
    return index;
  }

  /** The supplier's service list into supplier_tools (repo.importSupplierTools says how). */
  async function importServices(
    limit: number,
    { exclusive, within }: { exclusive: boolean; within?: (tx: Db, result: repo.ToolImport) => Promise<void> },
  ): Promise<SupplierImport> {
    const listings = await supplier.listServices();
    const taken = listings.slice(0, limit);
    await repo.ensureSupplier(db, supplier);
    const vocabulary = supplier.adapter === 'sandbox' ? null : await catalog.linkerVocabulary();
    const result = await repo.importSupplierTools(
      db,
      supplier.id,
      taken.map((listing) => {
        const toolId = toolIdOf(supplier, listing.serviceId);
        return {
          toolId,
          name: listing.name,
          costCents: listing.costCents,
          deliveryHoursMin: listing.deliveryHoursMin,
          deliveryHoursMax: listing.deliveryHoursMax,
          requiredFields: listing.requiredFields,
          mapping:
            mappings.get(toolId) ??
            // The sandbox's mapping file is complete; a real supplier's new service is read by the auto-linker.
            (vocabulary ? mapServiceByName(toolId, listing, vocabulary) : null),
        };
      }),
      // Only a whole list tells which services are gone.
      { complete: taken.length === listings.length, within },
    );
    if (exclusive) await repo.deactivateOtherSuppliers(db, supplier.id);
    dropIndex();
    return { supplierId: supplier.id, listed: listings.length, ...result };
  }

  return {
    async syncCatalog(limit, within) {
      const { inserted, updated, deactivated } = await importServices(limit, { exclusive: true, within });
      return { inserted, updated, deactivated };
    },

    importSupplierServices: () => importServices(Number.MAX_SAFE_INTEGER, { exclusive: true }),

    /**
     * Seed pipeline step 'unlock-catalogue' (ADR 027): the default pricing rule, the supplier's
     * whole catalogue and our SKUs, so a fresh store quotes at once. Existing SKUs are kept as
     * they are (admins may have edited them).
     */
    async loadSeedCatalogue(skus) {
      await repo.ensurePricingRule(db);
      // The seed loads the sandbox whatever the configured supplier: its sync, not the seed, decides which is live.
      await importServices(Number.MAX_SAFE_INTEGER, { exclusive: false });
      await repo.upsertSkus(db, skus);
      dropIndex();
    },

    findQuote: (id) => repo.findQuote(db, id),

    invalidate: dropIndex,

    async recordSupplierCredit(credit) {
      await repo.ensureSupplier(db, supplier);
      await repo.recordSupplierCredit(db, supplier.id, credit);
    },

    async serviceTools(toolIds) {
      const rows = await repo.selectSupplierTools(db, toolIds);
      const byId = new Map(rows.map((row) => [row.toolId, row]));
      return toolIds.flatMap((toolId) => {
        const row = byId.get(toolId);
        return row
          ? [
              {
                toolId,
                costCents: row.costCents,
                deliveryHoursMin: row.deliveryHoursMin,
                deliveryHoursMax: row.deliveryHoursMax,
              },
            ]
          : [];
      });
    },

    async saleFloorCents(quote, tools) {
      const { skus, pricing } = await unlockIndex();
      const dearest = Math.max(0, ...tools.map((tool) => tool.costCents));
      const override = skus.some((sku) => sku.skuId === quote.skuId && sku.allowBelowMargin);
      return override ? dearest : floorPriceCents(dearest, pricing.minMarginPercent);
    },

    async activeTools(toolIds) {
      const { tools } = await unlockIndex();
      const byId = new Map(tools.map((tool) => [tool.toolId, tool]));
      return toolIds.flatMap((toolId) => {
        const tool = byId.get(toolId);
        return tool
          ? [
              {
                toolId,
                costCents: tool.costCents,
                deliveryHoursMin: tool.deliveryHoursMin,
                deliveryHoursMax: tool.deliveryHoursMax,
              },
            ]
          : [];
      });
    },

    async quote(request, { admin }) {
      const model = request.model.trim();
      const deviceInfo = { brand: request.brand, model, network: request.network, country: request.country };
      const countryCode = await catalog.normalizeCountry(request.country);
      if (!countryCode) {
        throw new AppError('VALIDATION_FAILED', UNLOCK_FORM_MESSAGES.country, {
          country: [UNLOCK_FORM_MESSAGES.country],
        });
      }
      const brandSlug = await catalog.normalizeBrand(request.brand);
      const carrierSlugs = (
        await Promise.all(
          splitCarriers(request.network).map((carrier) => catalog.normalizeCarrier(carrier, countryCode)),
        )
      ).filter((slug): slug is string => slug !== null);

      const unsupported = (reasoning: string): QuoteAnswer => ({
        quote_id: null,
        expires_at: null,
        price_cents: 0,
        estimated_hours: formatHours(24, 72),
        supported: false,
        message: NO_MATCH_MESSAGE,
        device_info: deviceInfo,
        requires_clean_check: false,
        source: null,
        ...(admin
          ? {
              admin: {
                sku_id: null,
                sku_code: null,
                primary_tool: null,
                alternative_tools: [],
                routing_info: { selected_reasoning: reasoning },
                matched_brand: brandSlug,
                matched_carrier: carrierSlugs.join(',') || null,
                matched_country: countryCode,
                series_min: null,
                series_max: null,
                default_tool_id: null,
              },
            }
          : {}),
      });
      if (!brandSlug) return unsupported(`No brand matches "${request.brand}".`);
      if (carrierSlugs.length === 0) return unsupported(`No carrier matches "${request.network}" in ${countryCode}.`);

      const unlock = await unlockIndex();
      const series = brandSlug === APPLE && model ? iphoneSeriesOf(model, unlock.iphones) : null;
      const modelSeries = brandSlug === SAMSUNG && model ? samsungSeriesOf(model, unlock.samsungs) : null;
      const route = routeUnlock(unlock, { brandSlug, carrierSlugs, countryCode, series, modelSeries });
      if (!route) return unsupported('No SKU and no supplier tool matches this device.');
      const { sku, primary, alternatives, priceCents, hours, reasoning } = route;
      const requiresClean = route.requiresCleanCheck;

      // The promise: the tool's real average once there are enough orders, else its stated window; at most its max.
      const guaranteedHours = Math.max(1, primary.deliveryHoursMax);
      const averageHours = Math.min(
        guaranteedHours,
        unlock.averages.get(primary.toolId) ?? windowAverageHours(primary.deliveryHoursMin, primary.deliveryHoursMax),
      );

      const id = randomUUID();
      const expiresAt = new Date(Date.now() + QUOTE_TTL_MINUTES * 60_000);
      const source = sku ? 'sku_match' : 'catalog_tools';
      await quoteWriter.write({
        id,
        imei: request.imei,
        brandSlug,
        model: model || null,
        carrierSlug: carrierSlugs.join(','),
        countryCode,
        priceCents,
        estimatedHoursMin: hours.min,
        estimatedHoursMax: hours.max,
        requiresCleanCheck: requiresClean,
        source,
        skuId: sku?.skuId ?? null,
        toolId: primary.toolId,
        toolCostCents: primary.costCents,
        alternativeToolIds: alternatives.map((tool) => tool.toolId),
        averageHours,
        guaranteedHours,
        expiresAt,
      });

      return {
        quote_id: id,
        expires_at: expiresAt.toISOString(),
        price_cents: priceCents,
        estimated_hours: formatHours(hours.min, hours.max),
        supported: true,
        message: null,
        device_info: deviceInfo,
        requires_clean_check: requiresClean,
        source,
        average_hours: averageHours,
        guaranteed_hours: guaranteedHours,
        ...(admin
          ? {
              admin: {
                sku_id: sku?.skuId ?? null,
                sku_code: sku?.skuCode ?? null,
                primary_tool: summary(primary),
                alternative_tools: alternatives.map(summary),
                routing_info: { selected_reasoning: reasoning },
                matched_brand: brandSlug,
                matched_carrier: carrierSlugs.join(','),
                matched_country: countryCode,
                series_min: sku?.seriesMin ?? null,
                series_max: sku?.seriesMax ?? null,
                default_tool_id: sku?.defaultToolId ?? null,
              },
            }
          : {}),
      };
    },
  };
}

/** The active supplier's account as its last sync saw it (null before the first). */
export const supplierAccount = repo.selectSupplierAccount;
