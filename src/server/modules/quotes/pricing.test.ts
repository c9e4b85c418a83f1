import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingOverview, RulePreview } from '../../../domain/admin-pricing.ts';
import type { AuditPage } from '../../../domain/admin.ts';
import type { Store } from '../../bootstrap.ts';
import { openPostgres } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { getJson, postJson, signUpAdmin } from '../../testing/fixtures.ts';
import { databaseUrlWithName } from '../../testing/global-setup.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore, jsonHeaders } from '../../testing/test-store.ts';
import { aQuote, luhnImei } from '../../testing/unlocks.ts';
import { LIST_PRICES, type ProductPrices } from '../../../domain/product-prices.ts';
import { syncCheckProvider } from '../checks/service.ts';
import { priceFromCost } from './routing.ts';

const INTERNAL_TOKEN = 'internal-token-for-pricing-tests';
/** Seeded: iPhone 13-17 on AT&T at 49.99, fulfilled by SBX-1001 (iPhone 13-17, cost 29.00). */
const SKU = 'UNL-ATT-US-APPLE-13-17';
const SKU_TOOL = 'SBX-1001';
/** AT&T's iPhone 4-12 service (cost 15.00) and iPhone 8-17 express service (cost 49.00). */
const OLD_GENERATIONS_TOOL = 'SBX-1000';
const EXPRESS_TOOL = 'SBX-1094';
/** No SKU: the rule prices an iPhone 15 on T-Mobile USA from its tool's cost. */
const RULE_DEVICE = { brand: 'Apple', model: 'iPhone 15', network: 'T-Mobile', country: 'US' };
const ATT_DEVICE = { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' };

describe.each(testDbKinds())('admin pricing on %s', (kind) => {
  let store: Store;
  let admin: string;
  const imei = luhnImei('35693803', 13);

  const overview = async () => (await getJson<PricingOverview>(store, '/api/admin/pricing', { cookie: admin })).body;
  const put = (path: string, body: unknown) =>
    store.app.request(path, { method: 'PUT', headers: jsonHeaders({ cookie: admin }), body: JSON.stringify(body) });
  const sku = async () => (await overview()).skus.find((row) => row.sku_code === SKU);
  const skuChange = (skuId: number, change: Record<string, unknown> = {}) =>
    put(`/api/admin/pricing/skus/${skuId}`, {
      price_cents: 4999,
      estimated_hours_min: 24,
      estimated_hours_max: 72,
      requires_clean_check: true,
      default_tool_id: SKU_TOOL,
      allow_below_margin: false,
      active: true,
      ...change,
    });

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN });
    admin = await signUpAdmin(store, `pricing-${kind}@example.com`, INTERNAL_TOKEN);
  });
  afterAll(() => store.close());

  it('shows each SKU with the tools its devices are routed to today, their margin, and each linked service priced by the rule', async () => {
    const { skus, tools, rule } = await overview();
    expect(rule.min_margin_percent).toBe(15);
    const row = skus.find((found) => found.sku_code === SKU);
    expect(row).toMatchObject({
      label: 'Apple · AT&T · United States · iPhone 13 to 17',
      price_cents: 4999,
      default_tool: { tool_id: SKU_TOOL, cost_cents: 2900, active: true },
      allow_below_margin: false,
      margin: { cents: 2099, percent: 42 },
      floor_cents: 3412,
      warnings: [],
    });
    // The express service ($49.00) would leave $0.99: no iPhone 13-17 quote falls back on it at $49.99.
    expect(row?.routes).toEqual([
      {
        devices: 'iPhone 13-17',
        priced_by: 'sku',
        price_cents: 4999,
        tool: { tool_id: SKU_TOOL, name: expect.any(String), cost_cents: 2900 },
        margin: { cents: 2099, percent: 42 },
        fallbacks: [],
      },
    ]);
    // The Default tool list: AT&T USA iPhone services that cover some of 13-17, never 4-12 or AT&T Mexico's.
    expect(row?.fitting_tool_ids.sort()).toEqual([SKU_TOOL, EXPRESS_TOOL]);
    const tool = tools.find((found) => found.tool_id === SKU_TOOL);
    expect(tool?.rule_price_cents).toBe(
      priceFromCost(2900, {
        markupPercent: rule.markup_percent,
        minMarginCents: rule.min_margin_cents,
        roundTo99: rule.round_to_99,
        minMarginPercent: rule.min_margin_percent,
      }),
    );
    expect(tool?.sku_codes).toContain(SKU);
  });

  it('shows the Samsung SKU’s Galaxy S, Z and Note priced by the rule: its price keeps no margin on their service', async () => {
    const row = (await overview()).skus.find((found) => found.sku_code === 'UNL-ATT-US-SAMSUNG');
    const routes = row?.routes ?? [];
    expect(routes.find((route) => route.devices === 'Galaxy A, Galaxy M')).toMatchObject({
      priced_by: 'sku',
      price_cents: 2999,
      tool: { tool_id: 'SBX-1097', cost_cents: 1900 },
    });
    const premium = routes.find((route) => route.devices === 'Galaxy Note, Galaxy S, Galaxy Z');
    expect(premium).toMatchObject({ priced_by: 'rule', tool: { tool_id: 'SBX-1098', cost_cents: 3400 } });
    expect(premium?.price_cents).toBeGreaterThanOrEqual(4000);
    expect(row?.warnings).toContain('rule_priced');
    const galaxyS = await aQuote(store, imei, {
      brand: 'Samsung',
      model: 'Galaxy S23',
      network: 'AT&T',
      country: 'US',
    });
    expect(galaxyS).toMatchObject({ source: 'catalog_tools', price_cents: premium?.price_cents });
  });

  it('refuses a price below the minimum margin on its tool, saves it with the audited override, and the quote sells at it', async () => {
    const before = await sku();
    const refused = await skuChange(before?.sku_id ?? 0, { price_cents: 1299 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        fieldErrors: {
          price_cents: [expect.stringMatching(/less than its 15% minimum margin .*charge at least \$34\.12/)],
        },
      },
    });
    expect((await sku())?.price_cents).toBe(4999);

    const saved = await skuChange(before?.sku_id ?? 0, { price_cents: 1299, allow_below_margin: true });
    expect(saved.status).toBe(200);
    expect((await sku())?.warnings).toEqual(['below_cost', 'below_margin']);
    const quote = await aQuote(store, imei, ATT_DEVICE);
    expect(quote.price_cents).toBe(1299);

    const { body } = await getJson<AuditPage>(store, `/api/admin/audit?record=${SKU}`, { cookie: admin });
    expect(body.events[0]).toMatchObject({
      action: 'pricing.sku',
      before: { priceCents: 4999, allowBelowMargin: false },
      after: { priceCents: 1299, allowBelowMargin: true },
    });
    expect((await skuChange(before?.sku_id ?? 0)).status).toBe(200);
    expect((await aQuote(store, imei, ATT_DEVICE)).price_cents).toBe(4999);
  });

  it('routes a SKU whose price breaks its default tool’s margin to a tool within it, else prices by the rule', async () => {
    const before = await sku();
    // $44.99 keeps 15% on the $29.00 service; the express one ($49.00) was never within it.
    expect((await skuChange(before?.sku_id ?? 0, { price_cents: 4499 })).status).toBe(200);
    const cheaper = await aQuote(store, imei, ATT_DEVICE, admin);
    expect(cheaper).toMatchObject({ price_cents: 4499, source: 'sku_match' });
    expect(cheaper.admin?.primary_tool?.tool_id).toBe(SKU_TOOL);
    expect(cheaper.admin?.alternative_tools).toEqual([]);

    // No default tool, at $30.00: no tool keeps the margin, so the rule prices the device on its best tool.
    expect((await skuChange(before?.sku_id ?? 0, { price_cents: 3000, default_tool_id: null })).status).toBe(200);
    const ruled = await aQuote(store, imei, ATT_DEVICE, admin);
    expect(ruled.source).toBe('catalog_tools');
    expect(ruled.admin?.routing_info?.selected_reasoning).toMatch(/keeps the 15% minimum margin on none/);
    const cost = ruled.admin?.primary_tool?.cost_cents ?? 0;
    expect(ruled.price_cents).toBeGreaterThanOrEqual(Math.ceil((cost * 100) / 85));
    expect((await sku())?.warnings).toEqual(['no_tool', 'rule_priced']);
    expect((await skuChange(before?.sku_id ?? 0)).status).toBe(200);
  });

  it('warns when a SKU’s tool is gone from the supplier', async () => {
    await store.deps.database.db
      .update(t.supplierTools)
      .set({ active: false })
      .where(eq(t.supplierTools.toolId, SKU_TOOL));
    try {
      // Its iPhones fall to the express service, which $49.99 leaves too little on: the rule prices them.
      expect((await sku())?.warnings).toEqual(['tool_gone', 'rule_priced']);
    } finally {
      await store.deps.database.db
        .update(t.supplierTools)
        .set({ active: true })
        .where(eq(t.supplierTools.toolId, SKU_TOOL));
    }
  });

  it.each([
    ['a price of nothing', { price_cents: 0 }],
    ['hours out of order', { estimated_hours_min: 72, estimated_hours_max: 24 }],
    ['an unknown tool', { default_tool_id: 'SBX-NOPE' }],
    ['the iPhone 4-12 service for iPhone 13-17', { default_tool_id: OLD_GENERATIONS_TOOL }],
    ['a minimum margin it cannot read', { allow_below_margin: 'yes' }],
    ['a NUL in the tool id', { default_tool_id: 'SBX\u00001000' }],
  ])('refuses %s as 400, changing nothing', async (_, change) => {
    const before = await sku();
    expect((await skuChange(before?.sku_id ?? 0, change)).status).toBe(400);
    expect((await sku())?.price_cents).toBe(4999);
  });

  it('answers 404 for no such SKU', async () => {
    expect((await skuChange(999_999)).status).toBe(404);
  });

  it('previews a rule on recent rule-priced quotes without changing anything, then saves it for the next quote', async () => {
    const first = await aQuote(store, imei, RULE_DEVICE);
    expect(first.source).toBe('catalog_tools');
    const proposed = { markup_percent: 150, min_margin_cents: 500, round_to_99: true, min_margin_percent: 15 };
    const res = await postJson(store, '/api/admin/pricing/rule/preview', proposed, { cookie: admin });
    expect(res.status).toBe(200);
    const preview = (await res.json()) as RulePreview;
    const row = preview.quotes.find((quote) => quote.quote_id === first.quote_id);
    expect(row?.price_now_cents).toBe(first.price_cents);
    expect(row?.price_new_cents).toBe(
      priceFromCost(row?.tool_cost_cents ?? 0, {
        markupPercent: 150,
        minMarginCents: 500,
        roundTo99: true,
        minMarginPercent: 15,
      }),
    );
    expect(preview.changed).toBeGreaterThan(0);
    expect((await aQuote(store, imei, RULE_DEVICE)).price_cents).toBe(first.price_cents);

    expect((await put('/api/admin/pricing/rule', proposed)).status).toBe(200);
    expect((await aQuote(store, imei, RULE_DEVICE)).price_cents).toBe(row?.price_new_cents);
    expect((await overview()).rule).toEqual(proposed);
    expect((await put('/api/admin/pricing/rule', { ...proposed, markup_percent: 501 })).status).toBe(400);
    expect((await put('/api/admin/pricing/rule', { ...proposed, min_margin_percent: 91 })).status).toBe(400);
  });

  it('sets an eSIM package’s price: listed, charged at checkout, kept through the provider’s sync, audited', async () => {
    const listed = async () =>
      (
        (await (await store.app.request('/api/esim/packages?country=JP')).json()) as {
          package_id: string;
          price_cents: number;
        }[]
      )[0];
    const pkg = await listed();
    const id = pkg?.package_id ?? '';
    const row = (await overview()).esim.find((found) => found.package_id === id);
    expect(row).toMatchObject({ set_by_admin: false, below_cost: false });

    expect((await put(`/api/admin/pricing/esim/${id}`, { price_cents: 1 })).status).toBe(200);
    expect((await overview()).esim.find((found) => found.package_id === id)).toMatchObject({
      price_cents: 1,
      set_by_admin: true,
      below_cost: true,
    });
    expect((await put(`/api/admin/pricing/esim/${id}`, { price_cents: 777 })).status).toBe(200);
    expect((await listed())?.price_cents).toBe(777);
    await store.deps.esim.syncCatalog();
    expect((await listed())?.price_cents).toBe(777);
    const checkout = await postJson(store, '/api/esim/checkout', {
      email: 'priced@example.com',
      device_type: 'ios',
      items: [{ package_id: id, quantity: 2 }],
    });
    expect(checkout.status).toBe(200);
    const [order] = await store.deps.database.db
      .select({ total: t.orders.totalCents })
      .from(t.orders)
      .where(eq(t.orders.email, 'priced@example.com'));
    expect(order?.total).toBe(1554);

    const { body } = await getJson<AuditPage>(store, `/api/admin/audit?record=${id}`, { cookie: admin });
    expect(body.events[0]).toMatchObject({ action: 'pricing.esim', after: { priceCents: 777 } });
    expect((await put('/api/admin/pricing/esim/no-such-package', { price_cents: 500 })).status).toBe(404);
    expect((await put(`/api/admin/pricing/esim/${id}`, { price_cents: 0 })).status).toBe(400);
  });

  it('prices a device check and a device service: listed with cost and margin, charged at checkout, audited', async () => {
    const prices = async () => (await getJson<ProductPrices>(store, '/api/prices')).body;
    expect(await prices()).toMatchObject(LIST_PRICES);
    await syncCheckProvider(store.deps.database.db, store.deps.checks.provider, store.deps.logger);
    const row = (await overview()).products.find((found) => found.product_id === 'apple_report');
    // The sandbox provider's full Apple report costs $1.20.
    expect(row).toMatchObject({ kind: 'check', price_cents: 499, list_price_cents: 499, cost_cents: 120 });
    expect(row?.margin).toEqual({ cents: 379, percent: 76 });
    const service = (await overview()).products.find((found) => found.product_id === 'icloud_removal');
    expect(service).toMatchObject({ kind: 'device_service', price_cents: 4999 });
    expect(service?.cost_cents).toEqual(expect.any(Number));

    // The first change after another instance's announcement: nothing of the price cache to lean on.
    store.deps.prices.invalidate();
    expect((await put('/api/admin/pricing/products/check/apple_report', { price_cents: 130 })).status).toBe(200);
    expect((await overview()).products.find((found) => found.product_id === 'apple_report')).toMatchObject({
      price_cents: 130,
      below_cost: false,
    });
    expect((await put('/api/admin/pricing/products/check/apple_report', { price_cents: 99 })).status).toBe(200);
    expect((await overview()).products.find((found) => found.product_id === 'apple_report')).toMatchObject({
      price_cents: 99,
      below_cost: true,
    });
    expect((await put('/api/admin/pricing/products/device_service/frp_removal', { price_cents: 2499 })).status).toBe(
      200,
    );
    expect(await prices()).toMatchObject({ check: { apple_report: 99 }, device_service: { frp_removal: 2499 } });

    const bought = await postJson(store, '/api/checks', {
      product: 'apple_report',
      identifier: luhnImei('35299209', 77),
      email: 'priced-check@example.com',
    });
    expect(bought.status).toBe(200);
    const [order] = await store.deps.database.db
      .select({ total: t.orders.totalCents })
      .from(t.orders)
      .where(eq(t.orders.email, 'priced-check@example.com'));
    expect(order?.total).toBe(99);

    const { body } = await getJson<AuditPage>(store, '/api/admin/audit?record=apple_report', { cookie: admin });
    expect(body.events[0]).toMatchObject({
      action: 'pricing.product',
      before: { priceCents: 130 },
      after: { priceCents: 99 },
    });
    expect((await put('/api/admin/pricing/products/check/no_such_check', { price_cents: 500 })).status).toBe(404);
    expect((await put('/api/admin/pricing/products/license/apple_report', { price_cents: 500 })).status).toBe(400);
    expect((await put('/api/admin/pricing/products/check/apple_report', { price_cents: 0 })).status).toBe(400);
    expect((await put('/api/admin/pricing/products/check/apple_report', { price_cents: 499 })).status).toBe(200);
    expect((await put('/api/admin/pricing/products/device_service/frp_removal', { price_cents: 2999 })).status).toBe(
      200,
    );
  });

  it('reaches another instance on the same database at once (PostgreSQL)', async () => {
    if (kind !== 'postgres') return;
    const { rows } = await store.deps.database.sql.executeSql('SELECT current_database() AS name');
    const name = (rows as { name: string }[])[0]?.name ?? '';
    const other = await createTestStore(kind, {
      database: openPostgres(databaseUrlWithName(process.env.TEST_DATABASE_URL ?? '', name), 2),
    });
    try {
      expect((await aQuote(other, imei, ATT_DEVICE)).price_cents).toBe(4999);
      expect((await skuChange((await sku())?.sku_id ?? 0, { price_cents: 5499 })).status).toBe(200);
      await expect.poll(async () => (await aQuote(other, imei, ATT_DEVICE)).price_cents).toBe(5499);
      const list = async (on: Store) =>
        (await (await on.app.request('/api/esim/packages?country=FR')).json()) as {
          package_id: string;
          price_cents: number;
        }[];
      const id = (await list(other))[0]?.package_id;
      expect((await put(`/api/admin/pricing/esim/${id}`, { price_cents: 4321 })).status).toBe(200);
      await expect.poll(async () => (await list(other)).find((pkg) => pkg.package_id === id)?.price_cents).toBe(4321);
      const knoxOn = async (on: Store) => (await getJson<ProductPrices>(on, '/api/prices')).body.check.knox;
      expect(await knoxOn(other)).toBe(LIST_PRICES.check.knox);
      expect((await put('/api/admin/pricing/products/check/knox', { price_cents: 555 })).status).toBe(200);
      await expect.poll(() => knoxOn(other)).toBe(555);
    } finally {
      await other.close();
    }
  });
});
