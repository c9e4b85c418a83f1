import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorPriceCents, keepsMargin } from '../../../domain/offer.ts';
import type { Store } from '../../bootstrap.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { deviceFor } from '../../testing/catalogue-devices.ts';
import { luhnImei } from '../../testing/unlocks.ts';
import { type DeviceMatch, matchTools } from './matching.ts';
import { type OfferSku, routeUnlock, skuRoutes, type UnlockCatalogue } from './offer.ts';
import { activePricingRule, selectActiveSkus, selectActiveTools } from './repo.ts';
import type { PricingRule } from './routing.ts';

/** Whether the route's every tool keeps the margin at its price (a SKU an admin let below it excepted). */
function withinMargin(route: NonNullable<ReturnType<typeof routeUnlock>>, minMarginPercent: number) {
  if (route.sku?.allowBelowMargin) return true;
  return [route.primary, ...route.alternatives].every((tool) =>
    keepsMargin(route.priceCents, tool.costCents, minMarginPercent),
  );
}

describe.each(testDbKinds())('every unlock offer of the seeded catalogue on %s', (kind) => {
  let store: Store;
  let catalogue: UnlockCatalogue<OfferSku & { skuId: number }>;

  beforeAll(async () => {
    store = await createTestStore(kind);
    const db = store.deps.database.db;
    const [skus, tools, pricing] = await Promise.all([
      selectActiveSkus(db),
      selectActiveTools(db),
      activePricingRule(db),
    ]);
    catalogue = { skus, tools, pricing };
  });
  afterAll(() => store.close());

  const slugs = () => ({
    brands: [...new Set(catalogue.tools.flatMap((tool) => (tool.brandSlug ? [tool.brandSlug] : [])))],
    carriers: [...new Set(catalogue.tools.flatMap((tool) => (tool.carrierSlug ? [tool.carrierSlug] : [])))],
    countries: [...new Set(catalogue.tools.flatMap((tool) => (tool.countryCode ? [tool.countryCode] : [])))],
    lines: [...new Set(catalogue.tools.flatMap((tool) => tool.modelSeries ?? []))],
  });

  /** Random devices: near a catalogue tool (so most are sold), or of any brand, carrier and country. */
  const devices = () => {
    const known = slugs();
    const near = fc.constantFrom(...catalogue.tools).chain((tool) =>
      fc.record({
        brandSlug: fc.constant(tool.brandSlug ?? 'apple'),
        carrierSlugs: fc.constant([tool.carrierSlug ?? '']),
        countryCode: fc.constant(tool.countryCode ?? 'US'),
        series: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        modelSeries: fc.option(fc.constantFrom(...known.lines), { nil: null }),
      }),
    );
    const any = fc.record({
      brandSlug: fc.constantFrom(...known.brands),
      carrierSlugs: fc.uniqueArray(fc.constantFrom(...known.carriers), { minLength: 1, maxLength: 3 }),
      countryCode: fc.constantFrom(...known.countries),
      series: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
      modelSeries: fc.option(fc.constantFrom(...known.lines), { nil: null }),
    });
    return fc.oneof(near, any) as fc.Arbitrary<DeviceMatch>;
  };

  /** Any rule an admin can save, and any SKU prices: the floor holds whatever they are. */
  const rules = fc.record({
    markupPercent: fc.integer({ min: 0, max: 500 }),
    minMarginCents: fc.integer({ min: 0, max: 100_000 }),
    roundTo99: fc.boolean(),
    minMarginPercent: fc.integer({ min: 0, max: 90 }),
  }) satisfies fc.Arbitrary<PricingRule>;

  it('never routes a sale to a tool it leaves less than the minimum margin on, nor to one that does not fit the device', () => {
    fc.assert(
      fc.property(
        devices(),
        rules,
        fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 8 }),
        (device, pricing, prices) => {
          const skus = catalogue.skus.map((sku, at) => ({ ...sku, priceCents: prices[at % prices.length] ?? 1 }));
          const route = routeUnlock({ ...catalogue, skus, pricing }, device);
          const fitting = new Set(matchTools(catalogue.tools, device).map((tool) => tool.toolId));
          if (!route) return fitting.size === 0;
          return (
            withinMargin(route, pricing.minMarginPercent) &&
            [route.primary, ...route.alternatives].every((tool) => fitting.has(tool.toolId))
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('shows the admin, for every seeded SKU, routes that keep the margin at the price they are sold at', () => {
    for (const sku of catalogue.skus) {
      for (const { route, devices: named } of skuRoutes(catalogue, sku)) {
        if (!route) continue;
        expect(withinMargin(route, catalogue.pricing.minMarginPercent), `${sku.skuCode} ${named}`).toBe(true);
        expect(route.sku === null || route.sku.skuId === sku.skuId).toBe(true);
      }
    }
  });

  it('quotes every tool’s device through the quote engine within the margin, the admin’s figures showing why', async () => {
    let quoted = 0;
    for (const [at, tool] of catalogue.tools.entries()) {
      const device = deviceFor(tool);
      if (!device) continue;
      const quote = await store.deps.quotes.quote({ imei: luhnImei('35693803', at), ...device }, { admin: true });
      if (!quote.supported) continue;
      quoted += 1;
      const costs = [quote.admin?.primary_tool, ...(quote.admin?.alternative_tools ?? [])].map(
        (routed) => routed?.cost_cents ?? Number.POSITIVE_INFINITY,
      );
      const floor = floorPriceCents(Math.max(...costs), catalogue.pricing.minMarginPercent);
      expect(quote.price_cents, `${device.brand} ${device.model} on ${device.network}`).toBeGreaterThanOrEqual(floor);
    }
    // Nearly every tool of the sandbox's catalogue sells: the walk is not vacuous.
    expect(quoted).toBeGreaterThan(catalogue.tools.length / 2);
  });
});
