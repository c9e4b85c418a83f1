/**
 * The unlock's offer (issue 44, ADR 103): for a device, the price and the supplier tools the order
 * will really be routed to, best first. Pure, over the catalogue in memory; the quote, the admin's
 * margins and the catalogue-wide property test all call it, so none keeps its own copy of the rule.
 *
 * No tool is routed to at a price that leaves less than the minimum margin over its cost: a SKU's
 * fixed price keeps only the tools it covers (unless an admin allowed a sale below the margin), and
 * where it covers none the device is priced by the rule on the best tool instead.
 */
import { keepsMargin } from '../../../domain/offer.ts';
import { type DeviceMatch, matchSkus, matchTools, type SkuRow, type ToolRow } from './matching.ts';
import {
  type CandidateTool,
  MAX_ALTERNATIVES,
  type PricingRule,
  priceFromCost,
  scoreTools,
  selectedReasoning,
  type ScoredTool,
} from './routing.ts';

export interface OfferSku extends SkuRow {
  readonly skuId: number;
  readonly skuCode: string;
  readonly estimatedHoursMin: number;
  readonly estimatedHoursMax: number;
  readonly requiresCleanCheck: boolean;
  readonly defaultToolId: string | null;
  readonly allowBelowMargin: boolean;
}

export interface OfferTool extends ToolRow, CandidateTool {}

export interface UnlockCatalogue<S extends OfferSku = OfferSku> {
  readonly skus: readonly S[];
  readonly tools: readonly OfferTool[];
  readonly pricing: PricingRule;
}

export interface UnlockRoute<S extends OfferSku = OfferSku> {
  /** The SKU whose fixed price applies; null when the rule prices the device. */
  readonly sku: S | null;
  readonly priceCents: number;
  readonly hours: { readonly min: number; readonly max: number };
  readonly requiresCleanCheck: boolean;
  readonly primary: ScoredTool;
  /** The tools to fall back on, best first, each within the margin at this price. */
  readonly alternatives: ScoredTool[];
  readonly reasoning: string;
}

const candidate = (tool: OfferTool): CandidateTool => ({
  toolId: tool.toolId,
  name: tool.name,
  costCents: tool.costCents,
  deliveryHoursMin: tool.deliveryHoursMin,
  deliveryHoursMax: tool.deliveryHoursMax,
  successPermille: tool.successPermille,
  requiresCleanCheck: tool.requiresCleanCheck,
});

/** The device's offer, or null when no supplier tool can unlock it. */
export function routeUnlock<S extends OfferSku>(
  catalogue: UnlockCatalogue<S>,
  device: DeviceMatch,
): UnlockRoute<S> | null {
  const scored = scoreTools(matchTools(catalogue.tools, device).map(candidate));
  const minMargin = catalogue.pricing.minMarginPercent;
  const [sku] = matchSkus(catalogue.skus, device);
  let skuNote = '';
  if (sku) {
    const within = sku.allowBelowMargin
      ? scored
      : scored.filter((tool) => keepsMargin(sku.priceCents, tool.costCents, minMargin));
    // Our checked price wins; its default tool fulfils unless it does not fit the device or the margin.
    const primary = within.find((tool) => tool.toolId === sku.defaultToolId) ?? within[0];
    if (primary) {
      return {
        sku,
        priceCents: sku.priceCents,
        hours: { min: sku.estimatedHoursMin, max: sku.estimatedHoursMax },
        requiresCleanCheck: sku.requiresCleanCheck,
        primary,
        alternatives: within.filter((tool) => tool !== primary).slice(0, MAX_ALTERNATIVES),
        reasoning:
          `Fixed-price SKU ${sku.skuCode} matched; fulfilled by ${primary.name}` +
          (sku.allowBelowMargin ? ' (an admin allowed a sale below the minimum margin).' : '.'),
      };
    }
    if (scored.length > 0)
      skuNote = `SKU ${sku.skuCode}'s price keeps the ${minMargin}% minimum margin on none of the ${scored.length} matching tools, so the rule prices it. `;
  }
  const primary = scored[0];
  if (!primary) return null;
  const priceCents = priceFromCost(primary.costCents, catalogue.pricing);
  return {
    sku: null,
    priceCents,
    hours: { min: primary.deliveryHoursMin, max: primary.deliveryHoursMax },
    requiresCleanCheck: primary.requiresCleanCheck,
    primary,
    alternatives: scored
      .slice(1)
      .filter((tool) => keepsMargin(priceCents, tool.costCents, minMargin))
      .slice(0, MAX_ALTERNATIVES),
    reasoning: skuNote + selectedReasoning(primary, scored.length - 1),
  };
}

const overlaps = (a: SeriesBounds, b: SeriesBounds) =>
  (a.seriesMin === null || b.seriesMax === null || a.seriesMin <= b.seriesMax) &&
  (a.seriesMax === null || b.seriesMin === null || a.seriesMax >= b.seriesMin);
type SeriesBounds = Pick<SkuRow, 'seriesMin' | 'seriesMax'>;

/** Whether a tool can fulfil some device the SKU sells to: its brand, carrier, country and models. */
export function toolFitsSku(tool: ToolRow, sku: SkuRow): boolean {
  return (
    (tool.brandSlug === null || tool.brandSlug === sku.brandSlug) &&
    tool.carrierSlug === sku.carrierSlug &&
    (tool.countryCode === null || sku.countryCode === null || tool.countryCode === sku.countryCode) &&
    overlaps(tool, sku)
  );
}

/** A group of the SKU's devices and where their quotes go today (null: no tool can unlock them). */
export interface SkuRouteGroup<S extends OfferSku = OfferSku> {
  /** "iPhone 13-17", "Galaxy S, Galaxy Z", "Model not given". */
  readonly devices: string;
  readonly route: UnlockRoute<S> | null;
}

interface DeviceClass {
  readonly label: string;
  readonly device: DeviceMatch;
  /** An iPhone generation, so neighbouring generations with one route are named as a range. */
  readonly series: number | null;
}

/** The kinds of device a SKU sells to, each as a quote would describe it. */
function deviceClasses(sku: SkuRow, tools: readonly OfferTool[]): DeviceClass[] {
  const countryCode =
    sku.countryCode ?? tools.find((tool) => tool.carrierSlug === sku.carrierSlug)?.countryCode ?? null;
  if (countryCode === null) return [];
  const base = { brandSlug: sku.brandSlug, carrierSlugs: [sku.carrierSlug], countryCode };
  if (sku.seriesMin !== null || sku.seriesMax !== null) {
    const low = sku.seriesMin ?? sku.seriesMax ?? 0;
    const high = sku.seriesMax ?? low;
    return Array.from({ length: high - low + 1 }, (_, at) => low + at).map((series) => ({
      label: String(series),
      device: { ...base, series, modelSeries: null },
      series,
    }));
  }
  const modelSeries = [
    ...new Set(tools.filter((tool) => toolFitsSku(tool, sku)).flatMap((tool) => tool.modelSeries ?? [])),
  ].sort();
  return [
    ...modelSeries.map((line) => ({ label: line, device: { ...base, series: null, modelSeries: line }, series: null })),
    {
      label: modelSeries.length === 0 ? 'Every model' : 'Model not given',
      device: { ...base, series: null, modelSeries: null },
      series: null,
    },
  ];
}

const routeKey = (route: UnlockRoute | null) =>
  route
    ? [
        route.sku?.skuId ?? 'rule',
        route.priceCents,
        route.primary.toolId,
        ...route.alternatives.map((t) => t.toolId),
      ].join(' ')
    : 'none';

/**
 * Where the quotes of a SKU's devices go today: each kind of device it sells to (an iPhone
 * generation of its range, a Samsung line its tools name) routed as a quote routes it, and
 * neighbours with the same route named together. Devices a narrower SKU takes are left out.
 */
export function skuRoutes<S extends OfferSku>(catalogue: UnlockCatalogue<S>, sku: S): SkuRouteGroup<S>[] {
  const skus = [...catalogue.skus.filter((other) => other.skuId !== sku.skuId), sku];
  const withSku = { ...catalogue, skus };
  const groups: { labels: string[]; series: number[]; key: string; route: UnlockRoute<S> | null }[] = [];
  for (const { label, device, series } of deviceClasses(sku, catalogue.tools)) {
    if (matchSkus(skus, device)[0] !== sku) continue;
    const route = routeUnlock(withSku, device);
    const key = routeKey(route);
    const last = groups.at(-1);
    if (last && last.key === key) {
      last.labels.push(label);
      if (series !== null) last.series.push(series);
    } else groups.push({ labels: [label], series: series === null ? [] : [series], key, route });
  }
  const seriesName = sku.brandSlug === 'apple' ? 'iPhone' : 'Series';
  return groups.map(({ labels, series, route }) => {
    const first = series[0];
    const last = series.at(-1);
    const devices =
      first === undefined || last === undefined
        ? labels.join(', ')
        : `${seriesName} ${first === last ? first : `${first}-${last}`}`;
    return { devices, route };
  });
}
