// /admin/pricing (ADR 077): the unlock SKUs with their margins and warnings, the supplier's linked
// services priced by the rule, and the rule itself, previewed on real recent quotes before saving.
// Every change is audited in its transaction and announced (`catalog_changed`), so every instance's
// quotes, the Admin Debug Panel's figures included, use it at once.
import {
  marginOf,
  PRICING_MESSAGES,
  type PricingOverview,
  type PriceUpdate,
  type PricingRuleInput,
  RULE_PREVIEW_QUOTES,
  type RulePreview,
  type SkuRoute,
  type SkuUpdate,
  skuWarnings,
} from '../../../domain/admin-pricing.ts';
import { linkLabel } from '../../../domain/admin-linker.ts';
import { floorPriceCents, keepsMargin, OFFER_MESSAGES } from '../../../domain/offer.ts';
import {
  isPricedProduct,
  LIST_PRICES,
  PRICED_PRODUCT_KINDS,
  type PricedProductKind,
  priceOf,
  productName,
} from '../../../domain/product-prices.ts';
import { formatPrice } from '../../../domain/display.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type AdminActor, recordAudit } from '../audit/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { ProductPriceService } from '../prices/service.ts';
import { activePricingRule, selectActiveSkus, selectActiveTools } from './repo.ts';
import * as repo from './repo-pricing.ts';
import { skuRoutes, type SkuRouteGroup, toolFitsSku } from './offer.ts';
import { priceFromCost, type PricingRule } from './routing.ts';

/** Every fixed-price product, checks first, in the order of their lists. */
const PRICED_PRODUCTS = PRICED_PRODUCT_KINDS.flatMap((kind) =>
  Object.keys(LIST_PRICES[kind]).map((productId) => ({ kind, productId })),
);

const ruleAnswer = (rule: PricingRule): PricingRuleInput => ({
  markup_percent: rule.markupPercent,
  min_margin_cents: rule.minMarginCents,
  round_to_99: rule.roundTo99,
  min_margin_percent: rule.minMarginPercent,
});
const ruleOf = (input: PricingRuleInput): PricingRule => ({
  markupPercent: input.markup_percent,
  minMarginCents: input.min_margin_cents,
  roundTo99: input.round_to_99,
  minMarginPercent: input.min_margin_percent,
});

const routedTool = (tool: { toolId: string; name: string; costCents: number }) => ({
  tool_id: tool.toolId,
  name: tool.name,
  cost_cents: tool.costCents,
});

/** Where the quotes of a SKU's devices go today, as the admin's table shows it. */
function routeAnswer(group: SkuRouteGroup): SkuRoute {
  const { route } = group;
  if (!route)
    return { devices: group.devices, priced_by: 'none', price_cents: null, tool: null, margin: null, fallbacks: [] };
  return {
    devices: group.devices,
    priced_by: route.sku ? 'sku' : 'rule',
    price_cents: route.priceCents,
    tool: routedTool(route.primary),
    margin: marginOf(route.priceCents, route.primary.costCents),
    fallbacks: route.alternatives.map(routedTool),
  };
}

/** The lowest of the margins, or null when there is none. */
const lowestMargin = (margins: readonly ({ cents: number; percent: number } | null)[]) =>
  margins.reduce<{ cents: number; percent: number } | null>(
    (lowest, margin) => (margin && (!lowest || margin.percent < lowest.percent) ? margin : lowest),
    null,
  );

type ToolRow = NonNullable<Awaited<ReturnType<typeof repo.selectSkusWithTools>>[number]['tool']>;

const toolSummary = (tool: ToolRow) => ({
  tool_id: tool.toolId,
  name: tool.name,
  cost_cents: tool.costCents,
  delivery_hours_min: tool.deliveryHoursMin,
  delivery_hours_max: tool.deliveryHoursMax,
  active: tool.active,
});

/** The eSIM catalogue's side of the admin's prices (the esim module owns its table). */
export interface EsimPricing {
  pricingRows(): Promise<
    { packageId: string; packageName: string; priceCents: number; netCostCents: number; priceSetByAdmin: boolean }[]
  >;
  setPrice(
    packageId: string,
    priceCents: number,
    within: (tx: Db, before: { priceCents: number; priceSetByAdmin: boolean }) => Promise<void>,
  ): Promise<boolean>;
}

/** The fixed-price products' side (device checks and services): their prices and what each costs. */
export interface ProductPricing {
  readonly prices: ProductPriceService;
  /** What the product costs the store now (its provider's or first supplier service's price); null if not known. */
  cost(kind: PricedProductKind, productId: string): Promise<number | null>;
}

export function createPricing(
  db: Db,
  catalog: CatalogService,
  esim: EsimPricing,
  products: ProductPricing,
  onChange: () => void,
) {
  /** A change of the unlock catalogue: audited with it, announced to every instance, this one's index dropped. */
  async function change(work: (tx: Db) => Promise<void>) {
    await inTransaction(db, async (tx) => {
      await work(tx);
      await catalog.announceChange(tx);
    });
    onChange();
  }

  return {
    async overview(): Promise<PricingOverview> {
      const [rule, skus, tools, activeSkus, activeTools, names, packages, prices, costs] = await Promise.all([
        activePricingRule(db),
        repo.selectSkusWithTools(db),
        repo.selectLinkedTools(db),
        selectActiveSkus(db),
        selectActiveTools(db),
        catalog.names(),
        esim.pricingRows(),
        products.prices.current(),
        Promise.all(PRICED_PRODUCTS.map(({ kind, productId }) => products.cost(kind, productId))),
      ]);
      const skuCodesByTool = new Map<string, string[]>();
      for (const { sku } of skus) {
        if (sku.defaultToolId)
          skuCodesByTool.set(sku.defaultToolId, [...(skuCodesByTool.get(sku.defaultToolId) ?? []), sku.skuCode]);
      }
      const catalogue = { skus: activeSkus, tools: activeTools, pricing: rule };
      return {
        rule: ruleAnswer(rule),
        skus: skus.map(({ sku, tool }) => {
          const routes = skuRoutes(catalogue, sku).map(routeAnswer);
          const bySku = routes.filter((route) => route.priced_by === 'sku');
          const routing = {
            misfit: tool !== null && !toolFitsSku(tool, sku),
            belowMargin: bySku.some(
              (route) => route.tool && !keepsMargin(sku.priceCents, route.tool.cost_cents, rule.minMarginPercent),
            ),
            rulePriced: routes.some((route) => route.priced_by === 'rule'),
            unroutable: routes.length === 0 || routes.some((route) => route.priced_by === 'none'),
          };
          return {
            sku_id: sku.skuId,
            sku_code: sku.skuCode,
            label: linkLabel(sku, names),
            price_cents: sku.priceCents,
            estimated_hours_min: sku.estimatedHoursMin,
            estimated_hours_max: sku.estimatedHoursMax,
            requires_clean_check: sku.requiresCleanCheck,
            active: sku.active,
            default_tool_id: sku.defaultToolId,
            default_tool: tool ? toolSummary(tool) : null,
            allow_below_margin: sku.allowBelowMargin,
            margin: lowestMargin(bySku.map((route) => route.margin)),
            routes,
            floor_cents: tool ? floorPriceCents(tool.costCents, rule.minMarginPercent) : null,
            fitting_tool_ids: tools
              .filter(({ tool: linked }) => toolFitsSku(linked, sku))
              .map(({ tool: linked }) => linked.toolId),
            warnings: skuWarnings(sku.priceCents, sku.defaultToolId === null ? null : (tool ?? 'missing'), routing),
          };
        }),
        tools: tools.map(({ tool }) => {
          const price = priceFromCost(tool.costCents, rule);
          return {
            ...toolSummary(tool),
            label: linkLabel(tool, names),
            rule_price_cents: price,
            margin: marginOf(price, tool.costCents),
            sku_codes: skuCodesByTool.get(tool.toolId) ?? [],
          };
        }),
        products: PRICED_PRODUCTS.map(({ kind, productId }, at) => {
          const price = priceOf(prices, kind, productId) ?? 0;
          const cost = costs[at] ?? null;
          return {
            kind,
            product_id: productId,
            name: productName(kind, productId),
            price_cents: price,
            list_price_cents: priceOf(LIST_PRICES, kind, productId) ?? 0,
            cost_cents: cost,
            margin: marginOf(price, cost),
            below_cost: cost !== null && price < cost,
          };
        }),
        esim: packages.map((pkg) => ({
          package_id: pkg.packageId,
          name: pkg.packageName,
          price_cents: pkg.priceCents,
          net_cost_cents: pkg.netCostCents,
          margin: marginOf(pkg.priceCents, pkg.netCostCents),
          set_by_admin: pkg.priceSetByAdmin,
          below_cost: pkg.priceCents < pkg.netCostCents,
        })),
      };
    },

    /** An admin's price for an eSIM package: kept through the provider's syncs, heard by every instance. */
    async updateEsimPrice(packageId: string, update: PriceUpdate, actor: AdminActor): Promise<{ message: string }> {
      const changed = await esim.setPrice(packageId, update.price_cents, (tx, before) =>
        recordAudit(tx, actor, {
          action: 'pricing.esim',
          recordType: 'esim_package',
          recordId: packageId,
          before: { priceCents: before.priceCents, setByAdmin: before.priceSetByAdmin },
          after: { priceCents: update.price_cents, setByAdmin: true },
        }),
      );
      if (!changed) throw new AppError('NOT_FOUND', PRICING_MESSAGES.noPackage);
      return { message: `eSIM package ${packageId} now sells at ${formatPrice(update.price_cents)}.` };
    },

    /** An admin's price for a device check or service: charged and shown by every instance at once. */
    async updateProductPrice(
      kind: PricedProductKind,
      productId: string,
      update: PriceUpdate,
      actor: AdminActor,
    ): Promise<{ message: string }> {
      if (!isPricedProduct(kind, productId)) throw new AppError('NOT_FOUND', PRICING_MESSAGES.noProduct);
      await change(async (tx) => {
        const before = await products.prices.set(tx, kind, productId, update.price_cents);
        await recordAudit(tx, actor, {
          action: 'pricing.product',
          recordType: kind,
          recordId: productId,
          before: { priceCents: before },
          after: { priceCents: update.price_cents },
        });
      });
      products.prices.invalidate();
      return { message: `${productName(kind, productId)} now sells at ${formatPrice(update.price_cents)}.` };
    },

    async updateSku(skuId: number, update: SkuUpdate, actor: AdminActor): Promise<{ message: string }> {
      let code = '';
      await change(async (tx) => {
        const [before] = await repo.lockSku(tx, skuId);
        if (!before) throw new AppError('NOT_FOUND', PRICING_MESSAGES.notFound);
        if (update.default_tool_id) {
          const [tool] = await repo.selectTool(tx, update.default_tool_id);
          const refuse = (field: 'default_tool_id' | 'price_cents', message: string) =>
            new AppError('VALIDATION_FAILED', message, { [field]: [message] });
          if (!tool) throw refuse('default_tool_id', PRICING_MESSAGES.unknownTool(update.default_tool_id));
          if (!toolFitsSku(tool, before)) throw refuse('default_tool_id', OFFER_MESSAGES.toolMisfit(tool.toolId));
          const { minMarginPercent } = await activePricingRule(tx);
          if (!update.allow_below_margin && !keepsMargin(update.price_cents, tool.costCents, minMarginPercent)) {
            const floor = floorPriceCents(tool.costCents, minMarginPercent);
            throw refuse('price_cents', OFFER_MESSAGES.belowMargin(tool.name, minMarginPercent, floor));
          }
        }
        code = before.skuCode;
        const after = {
          priceCents: update.price_cents,
          estimatedHoursMin: update.estimated_hours_min,
          estimatedHoursMax: update.estimated_hours_max,
          requiresCleanCheck: update.requires_clean_check,
          defaultToolId: update.default_tool_id,
          allowBelowMargin: update.allow_below_margin,
          active: update.active,
        };
        await repo.updateSku(tx, skuId, after);
        await recordAudit(tx, actor, {
          action: 'pricing.sku',
          recordType: 'sku',
          recordId: before.skuCode,
          before: {
            priceCents: before.priceCents,
            estimatedHoursMin: before.estimatedHoursMin,
            estimatedHoursMax: before.estimatedHoursMax,
            requiresCleanCheck: before.requiresCleanCheck,
            defaultToolId: before.defaultToolId,
            allowBelowMargin: before.allowBelowMargin,
            active: before.active,
          },
          after,
        });
      });
      return { message: `SKU ${code} saved: quotes use it now.` };
    },

    async updateRule(input: PricingRuleInput, actor: AdminActor): Promise<{ message: string }> {
      await change(async (tx) => {
        const before = await repo.lockActiveRule(tx);
        const after = ruleOf(input);
        await repo.updateRule(tx, before.id, after);
        await recordAudit(tx, actor, {
          action: 'pricing.rule',
          recordType: 'pricing_rule',
          recordId: String(before.id),
          before: ruleAnswer(before),
          after: input,
        });
      });
      return { message: 'Pricing rule saved: quotes without a SKU use it now.' };
    },

    /** The rule as it is and as proposed, each applied to the latest quotes the rule priced. */
    async previewRule(input: PricingRuleInput): Promise<RulePreview> {
      const [current, quotes, names] = await Promise.all([
        activePricingRule(db),
        repo.selectRulePricedQuotes(db, RULE_PREVIEW_QUOTES),
        catalog.names(),
      ]);
      const proposed = ruleOf(input);
      const rows = quotes.map((quote) => {
        const cost = quote.toolCostCents ?? 0;
        const carriers = quote.carrierSlug
          .split(',')
          .map((slug) => names.carrierNames.get(slug) ?? slug)
          .join(', ');
        return {
          quote_id: quote.id,
          created_at: quote.createdAt.toISOString(),
          device: [names.brandNames.get(quote.brandSlug) ?? quote.brandSlug, quote.model, carriers, quote.countryCode]
            .filter(Boolean)
            .join(' · '),
          tool_cost_cents: cost,
          price_now_cents: priceFromCost(cost, current),
          price_new_cents: priceFromCost(cost, proposed),
        };
      });
      const average = (pick: (row: (typeof rows)[number]) => number) =>
        rows.length === 0
          ? 0
          : Math.round(rows.reduce((sum, row) => sum + pick(row) - row.tool_cost_cents, 0) / rows.length);
      return {
        quotes: rows,
        changed: rows.filter((row) => row.price_now_cents !== row.price_new_cents).length,
        average_margin_now_cents: average((row) => row.price_now_cents),
        average_margin_new_cents: average((row) => row.price_new_cents),
      };
    },
  };
}
