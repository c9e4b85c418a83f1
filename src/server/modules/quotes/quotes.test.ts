import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_MATCH_MESSAGE } from '../../../domain/quote.ts';
import type { Store } from '../../bootstrap.ts';
import { createUnlockSupplier } from '../../integrations/suppliers/index.ts';
import { SANDBOX_CATALOG_FILE } from '../../integrations/suppliers/sandbox.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { postJson, signUp, signUpAdmin } from '../../testing/fixtures.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { CATALOG_REFRESH_MS, createQuoteEngine } from './service.ts';

const NO_DHRU = { DHRU_URL: undefined, DHRU_USER: undefined, DHRU_KEY: undefined, DHRU_TIMEOUT_MS: 20_000 };

// Luhn-valid IMEIs.
const IMEI = '356938035643809';
const OTHER_IMEI = '490154203237518';
const INTERNAL_TOKEN = 'internal-token-for-quote-tests';

describe.each(testDbKinds())('quote engine on %s', (kind) => {
  let store: Store;
  let adminCookie: string;
  let customerCookie: string;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(store, path, body, headers);
  const quote = async (body: Record<string, string>, cookie?: string) => {
    const res = await post('/api/quotes', body, cookie ? { cookie } : {});
    return { status: res.status, body: await res.json() };
  };
  const iphone15AttUs = { imei: IMEI, brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' };

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN });
    adminCookie = await signUpAdmin(store, `admin-${kind}@example.com`, INTERNAL_TOKEN);
    customerCookie = await signUp(store, `customer-${kind}@example.com`);
  });
  afterAll(() => store.close());

  it('quotes an AT&T iPhone 15 from the fixed-price SKU and stores the quote for 30 minutes', async () => {
    const { status, body } = await quote(iphone15AttUs);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      supported: true,
      source: 'sku_match',
      price_cents: 4999,
      estimated_hours: '24-72',
      requires_clean_check: true,
      device_info: { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' },
    });
    const stored = await store.deps.quotes.findQuote(body.quote_id);
    expect(stored).toMatchObject({ priceCents: 4999, brandSlug: 'apple', carrierSlug: 'att-us', countryCode: 'US' });
    const ttl = new Date(body.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
  });

  it('routes a T-Mobile US iPhone 15 through catalogue tools, priced by the pricing rule', async () => {
    const { body } = await quote({ ...iphone15AttUs, network: 'T-Mobile', country: 'United States' }, adminCookie);
    expect(body).toMatchObject({ supported: true, source: 'catalog_tools' });
    expect(body.price_cents % 100).toBe(99);
    const primary = body.admin.primary_tool;
    expect(body.price_cents).toBeGreaterThanOrEqual(primary.cost_cents + 1000);
    expect(body.admin.alternative_tools.length).toBeLessThanOrEqual(3);
    expect(body.admin.routing_info.selected_reasoning).toMatch(/^Chose .+ because/);
  });

  it('hides supplier ids, costs, scores and reasoning from visitors and customers', async () => {
    for (const cookie of [undefined, customerCookie]) {
      const { body } = await quote({ ...iphone15AttUs, network: 'T-Mobile' }, cookie);
      expect(body.supported).toBe(true);
      expect(body).not.toHaveProperty('admin');
      expect(JSON.stringify(body)).not.toMatch(/cost_cents|tool_id|selected_reasoning|score/);
    }
  });

  it('gives admins the SKU mapping and the tool browser data', async () => {
    const { body } = await quote(iphone15AttUs, adminCookie);
    expect(body.admin).toMatchObject({
      sku_code: expect.stringContaining('ATT-US'),
      matched_brand: 'apple',
      matched_carrier: 'att-us',
      matched_country: 'US',
      series_min: 13,
      series_max: 17,
      primary_tool: { tool_id: expect.any(String), cost_cents: expect.any(Number), score: expect.any(Number) },
    });
  });

  it('answers unsupported, with the spec message, for a configuration no supplier covers', async () => {
    const { status, body } = await quote({
      imei: IMEI,
      brand: 'Sony',
      model: 'Xperia 1 V',
      network: 'Telcel',
      country: 'MX',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ supported: false, price_cents: 0, message: NO_MATCH_MESSAGE, quote_id: null });
  });

  it('answers unsupported for a brand typed freely that we do not know', async () => {
    const { body } = await quote({ ...iphone15AttUs, brand: 'Fruitphone', model: '' });
    expect(body.supported).toBe(false);
  });

  it('quotes a Samsung Galaxy S24 on EE by its series', async () => {
    const { body } = await quote(
      { imei: OTHER_IMEI, brand: 'Samsung Galaxy', model: 'Galaxy S24 Ultra', network: 'EE', country: 'GB' },
      adminCookie,
    );
    expect(body.supported).toBe(true);
    expect(body.admin.primary_tool.name).toMatch(/Galaxy S/);
  });

  it('accepts several carriers as a comma-joined list', async () => {
    const { body } = await quote({ ...iphone15AttUs, network: 'Verizon,AT&T' });
    expect(body.supported).toBe(true);
  });

  it.each([
    { imei: '356938035', message: 'IMEI must be exactly 15 digits' },
    { imei: '35693803564380X', message: 'Please enter a valid 15-digit IMEI number' },
    { imei: '356938035643808', message: 'One of the 15 digits is wrong: check them against *#06#' },
    { imei: '', message: 'IMEI is required' },
  ])('refuses IMEI $imei with "$message"', async ({ imei, message }) => {
    const { status, body } = await quote({ ...iphone15AttUs, imei });
    expect(status).toBe(400);
    expect(body.error.fieldErrors.imei).toContain(message);
  });

  it('refuses an unknown country with the spec field message', async () => {
    const { status, body } = await quote({ ...iphone15AttUs, country: 'Atlantis' });
    expect(status).toBe(400);
    expect(body.error.fieldErrors.country).toEqual(['Please select your country']);
  });

  it('stores service requests and confirms them by email', async () => {
    const res = await post('/api/service-requests', {
      email: 'traveller@example.com',
      imei: IMEI,
      brand: 'Sony',
      model: 'Xperia 1 V',
      carrier: 'Telcel',
      country: 'MX',
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toContain('within 24 hours');
    const [mail] = await store.deps.mailer.outbox({ to: 'traveller@example.com' });
    expect(mail?.subject).toContain(body.id.slice(0, 8));
  });

  it('syncs the supplier catalogue for admins only, idempotently', async () => {
    const forbidden = await post('/api/admin/catalog/sync', { limit: 300 }, { cookie: customerCookie });
    expect(forbidden.status).toBe(403);
    const first = await post('/api/admin/catalog/sync', { limit: 300 }, { cookie: adminCookie });
    expect(first.status).toBe(200);
    // Every service already known: none inserted, each refreshed, none gone from the list.
    const report = (await first.json()) as { inserted: number; updated: number; deactivated: number };
    expect(report).toEqual({ inserted: 0, updated: expect.any(Number), deactivated: 0 });
    expect(report.updated).toBeGreaterThan(100);
  });
});

describe('catalogue sync on an empty supplier', () => {
  it('inserts the services once, then none', async () => {
    const store = await createTestStore('pglite');
    try {
      const { database, quotes } = store.deps;
      await database.db.execute('delete from unlock_skus');
      await database.db.execute('delete from supplier_tools');
      expect((await quotes.syncCatalog(300)).inserted).toBeGreaterThan(100);
      const again = await quotes.syncCatalog(300);
      expect(again).toMatchObject({ inserted: 0, deactivated: 0 });
      expect(again.updated).toBeGreaterThan(100);
      const limited = await store.deps.quotes.syncCatalog(10);
      expect(limited.inserted).toBe(0);
    } finally {
      await store.close();
    }
  });
});

describe('stored quotes under concurrency', () => {
  it('stores every one of 50 simultaneous quotes', async () => {
    const store = await createTestStore('pglite');
    try {
      const request = { imei: IMEI, brand: 'Apple', model: 'iPhone 15', network: 'T-Mobile', country: 'US' };
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => store.deps.quotes.quote(request, { admin: false })),
      );
      const stored = await Promise.all(answers.map((answer) => store.deps.quotes.findQuote(answer.quote_id ?? '')));
      expect(stored.every((row) => row?.priceCents === answers[0]?.price_cents)).toBe(true);
      expect(new Set(answers.map((answer) => answer.quote_id)).size).toBe(50);
    } finally {
      await store.close();
    }
  });
});

describe('catalogue sync seen by other instances', () => {
  it('reaches an instance that did not sync once its catalogue is older than the refresh interval', async () => {
    const store = await createTestStore('pglite');
    const dir = mkdtempSync(join(tmpdir(), 'openline-supplier-'));
    try {
      const { database, catalog } = store.deps;
      const request = { imei: IMEI, brand: 'Apple', model: 'iPhone 15', network: 'T-Mobile', country: 'US' };
      // Two more instances on the same database: one quotes, the other syncs a supplier that doubled its costs.
      let clock = 0;
      const quoting = createQuoteEngine(database.db, catalog, createUnlockSupplier(NO_DHRU), { now: () => clock });
      const catalogue = JSON.parse(readFileSync(SANDBOX_CATALOG_FILE, 'utf8')) as {
        rows: { cost_cents: number }[];
      };
      const dearer = join(dir, 'catalogue.json');
      writeFileSync(
        dearer,
        JSON.stringify({
          ...catalogue,
          rows: catalogue.rows.map((row) => ({ ...row, cost_cents: row.cost_cents * 2 })),
        }),
      );
      const syncing = createQuoteEngine(
        database.db,
        catalog,
        createUnlockSupplier(NO_DHRU, { sandboxCatalogFile: dearer }),
      );

      const before = (await quoting.quote(request, { admin: false })).price_cents;
      await syncing.syncCatalog(Number.MAX_SAFE_INTEGER);
      const after = (await syncing.quote(request, { admin: false })).price_cents;
      expect(after).toBeGreaterThan(before);

      clock = CATALOG_REFRESH_MS - 1;
      expect((await quoting.quote(request, { admin: false })).price_cents).toBe(before);

      // Past the interval the catalogue is read again in the background; old prices serve meanwhile.
      clock = CATALOG_REFRESH_MS;
      await vi.waitFor(async () => {
        expect((await quoting.quote(request, { admin: false })).price_cents).toBe(after);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await store.close();
    }
  });
});
