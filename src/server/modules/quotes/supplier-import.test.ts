import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { createUnlockSupplier } from '../../integrations/suppliers/index.ts';
import { SANDBOX_CATALOG_FILE } from '../../integrations/suppliers/sandbox.ts';
import { SANDBOX_DEVICE_SERVICES, SANDBOX_UNLINKED_SERVICES } from '../../integrations/suppliers/sandbox-server.ts';
import { SupplierAccountError, type SupplierListing, type UnlockSupplier } from '../../integrations/suppliers/types.ts';
import { syncSupplier } from '../../jobs/suppliers.ts';
import { capturedLogger, LOG_LEVEL } from '../../testing/captured-logger.ts';
import { openTestDatabase, testDbKinds } from '../../testing/test-db.ts';
import { createCatalogService } from '../catalog/service.ts';
import { createQuoteEngine } from './service.ts';

const NO_DHRU = { DHRU_URL: undefined, DHRU_USER: undefined, DHRU_KEY: undefined, DHRU_TIMEOUT_MS: 20_000 };
const IPHONE_15_TMOBILE = {
  imei: '356938035643809',
  brand: 'Apple',
  model: 'iPhone 15',
  network: 'T-Mobile',
  country: 'US',
};

interface CatalogueFile {
  source: string;
  rows: { tool_id: string; name: string; cost_cents: number; brand_slug: string | null; carrier_slug: string | null }[];
}
const seedCatalogue = () => JSON.parse(readFileSync(SANDBOX_CATALOG_FILE, 'utf8')) as CatalogueFile;
/** The sandbox's unlock services, all mapped and active; it lists its device services besides (inactive: they need fields). */
const UNLOCK_TOOLS = seedCatalogue().rows.length;
const LISTED = UNLOCK_TOOLS + SANDBOX_DEVICE_SERVICES.length + SANDBOX_UNLINKED_SERVICES.length;

/** A DHRU supplier that lists the given services (the protocol itself is tested in dhru.test.ts). */
function dhruListing(
  listings: SupplierListing[],
  account: () => Promise<{ creditCents: number; currency: string }>,
): UnlockSupplier {
  return {
    id: 'dhru',
    name: 'unlocks.example',
    adapter: 'dhru',
    toolPrefix: 'DHRU',
    accountInfo: account,
    listServices: async () => listings,
    placeOrder: () => Promise.reject(new Error('not in this test')),
    orderStatus: () => Promise.reject(new Error('not in this test')),
  };
}

const listing = (serviceId: string, overrides: Partial<SupplierListing> = {}): SupplierListing => ({
  serviceId,
  name: `Service ${serviceId}`,
  group: 'Apple USA',
  costCents: 2000,
  deliveryText: '1-3 Days',
  deliveryHoursMin: 24,
  deliveryHoursMax: 72,
  requiredFields: [],
  ...overrides,
});

describe.each(testDbKinds())('the supplier service-list import (%s)', (kind) => {
  let database: Database;
  let dir: string;

  beforeEach(async () => {
    database = await openTestDatabase(kind);
    dir = mkdtempSync(join(tmpdir(), 'openline-import-'));
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tool = async (toolId: string) => {
    const [row] = await database.db.select().from(t.supplierTools).where(eq(t.supplierTools.toolId, toolId));
    return row;
  };

  /** The sandbox listing the services of a changed copy of its catalogue file. */
  function sandboxListing(change: (file: CatalogueFile) => CatalogueFile) {
    const file = join(dir, 'catalogue.json');
    writeFileSync(file, JSON.stringify(change(seedCatalogue())));
    return createUnlockSupplier(NO_DHRU, { sandboxCatalogFile: file });
  }

  it('refreshes name, cost and times from the list and keeps the store mapping of known tools', async () => {
    // The store's own mapping of SBX-1000, changed by hand: the import must not undo it.
    await database.db
      .update(t.supplierTools)
      .set({ seriesMax: 11, successPermille: 500 })
      .where(eq(t.supplierTools.toolId, 'SBX-1000'));
    const supplier = sandboxListing((file) => ({
      ...file,
      rows: file.rows.map((row) =>
        row.tool_id === 'SBX-1000' ? { ...row, name: 'AT&T USA iPhone - Renamed', cost_cents: 1750 } : row,
      ),
    }));
    const quotes = createQuoteEngine(database.db, createCatalogService(database.db), supplier);
    const result = await quotes.importSupplierServices();
    expect(result).toEqual({ supplierId: 'sandbox', listed: LISTED, inserted: 0, updated: LISTED, deactivated: 0 });
    expect(await tool('SBX-1000')).toMatchObject({
      name: 'AT&T USA iPhone - Renamed',
      costCents: 1750,
      deliveryHoursMin: 24,
      deliveryHoursMax: 72,
      brandSlug: 'apple',
      carrierSlug: 'att-us',
      seriesMin: 4,
      seriesMax: 11,
      successPermille: 500,
      requiredFields: [],
      active: true,
    });
  });

  it('makes a service the list no longer holds inactive, and active again when it returns', async () => {
    const quotes = (supplier: UnlockSupplier) =>
      createQuoteEngine(database.db, createCatalogService(database.db), supplier);
    const primaryTool = async () =>
      (await quotes(createUnlockSupplier(NO_DHRU)).quote(IPHONE_15_TMOBILE, { admin: true })).admin?.primary_tool
        ?.tool_id;
    expect(await primaryTool()).toBe('SBX-1095');

    const without = sandboxListing((file) => ({
      ...file,
      rows: file.rows.filter((row) => row.tool_id !== 'SBX-1095'),
    }));
    expect(await quotes(without).importSupplierServices()).toMatchObject({ listed: LISTED - 1, deactivated: 1 });
    expect(await tool('SBX-1095')).toMatchObject({ active: false, brandSlug: 'apple', carrierSlug: 't-mobile-us' });
    expect(await primaryTool()).not.toBe('SBX-1095');

    expect(await quotes(createUnlockSupplier(NO_DHRU)).importSupplierServices()).toMatchObject({ deactivated: 0 });
    expect(await tool('SBX-1095')).toMatchObject({ active: true });
    expect(await primaryTool()).toBe('SBX-1095');
  });

  it('deactivates nothing from a list cut short by the admin sync limit', async () => {
    const quotes = createQuoteEngine(database.db, createCatalogService(database.db), createUnlockSupplier(NO_DHRU));
    expect(await quotes.syncCatalog(10)).toEqual({ inserted: 0, updated: 10, deactivated: 0 });
    const active = await database.db.select().from(t.supplierTools).where(eq(t.supplierTools.active, true));
    expect(active).toHaveLength(UNLOCK_TOOLS);
  });

  it('maps a new sandbox service from the seed mapping file', async () => {
    await database.db.update(t.unlockSkus).set({ defaultToolId: null });
    await database.db.delete(t.supplierTools).where(eq(t.supplierTools.toolId, 'SBX-1095'));
    const quotes = createQuoteEngine(database.db, createCatalogService(database.db), createUnlockSupplier(NO_DHRU));
    expect(await quotes.importSupplierServices()).toMatchObject({ inserted: 1, updated: LISTED - 1 });
    expect(await tool('SBX-1095')).toMatchObject({ brandSlug: 'apple', carrierSlug: 't-mobile-us', active: true });
  });

  it("keeps a real supplier's new services unmapped and inactive, and retires the sandbox's tools", async () => {
    const supplier = dhruListing(
      [
        listing('12', { name: 'AT&T iPhone Premium' }),
        listing('13', { requiredFields: ['SN'] }),
        listing('14', { name: 'T-Mobile USA iPhone 6-15 Premium' }),
      ],
      async () => ({ creditCents: 5000, currency: 'USD' }),
    );
    const quotes = createQuoteEngine(database.db, createCatalogService(database.db), supplier);
    expect(await quotes.importSupplierServices()).toEqual({
      supplierId: 'dhru',
      listed: 3,
      inserted: 3,
      updated: 0,
      deactivated: 0,
    });
    expect(await tool('DHRU-12')).toMatchObject({
      supplierId: 'dhru',
      name: 'AT&T iPhone Premium',
      costCents: 2000,
      brandSlug: null,
      carrierSlug: null,
      linkState: 'pending',
      active: false,
    });
    expect(await tool('DHRU-13')).toMatchObject({ requiredFields: ['SN'], linkState: 'pending', active: false });
    // A name that leaves no doubt is mapped with the catalogue's aliases.
    expect(await tool('DHRU-14')).toMatchObject({
      brandSlug: 'apple',
      carrierSlug: 't-mobile-us',
      countryCode: 'US',
      seriesMin: 6,
      seriesMax: 15,
      successPermille: 900,
      active: true,
    });

    // An admin maps DHRU-12 and DHRU-13: the next import keeps the mapping; a field the store cannot send keeps 13 inactive.
    await database.db
      .update(t.supplierTools)
      .set({ brandSlug: 'apple', carrierSlug: 'att-us', countryCode: 'US', linkState: 'linked' })
      .where(inArray(t.supplierTools.toolId, ['DHRU-12', 'DHRU-13']));
    await quotes.importSupplierServices();
    expect(await tool('DHRU-12')).toMatchObject({ brandSlug: 'apple', carrierSlug: 'att-us', active: true });
    expect(await tool('DHRU-13')).toMatchObject({ brandSlug: 'apple', active: false });

    const suppliers = await database.db.select().from(t.suppliers);
    expect(Object.fromEntries(suppliers.map((row) => [row.supplierId, row.active]))).toEqual({
      sandbox: false,
      dhru: true,
    });
    const quoted = await quotes.quote({ ...IPHONE_15_TMOBILE, network: 'AT&T' }, { admin: true });
    expect(quoted.admin?.primary_tool?.tool_id).toBe('DHRU-12');
  });

  it('syncs as the hourly job does, and logs a refused account at error level without importing', async () => {
    const { logger, lines } = capturedLogger();
    const catalog = createCatalogService(database.db);
    const ok = createQuoteEngine(database.db, catalog, createUnlockSupplier(NO_DHRU));
    expect(await syncSupplier(createUnlockSupplier(NO_DHRU), ok, logger)).toMatchObject({ listed: LISTED });
    expect(lines.find((line) => line.msg === 'unlock supplier account')).toMatchObject({ creditCents: 100_000 });

    const poor = dhruListing([listing('12')], async () => ({ creditCents: 1200, currency: 'USD' }));
    await syncSupplier(poor, createQuoteEngine(database.db, catalog, poor), logger);
    expect(lines.find((line) => line.msg === 'the unlock supplier credit is low: top the account up')).toMatchObject({
      level: LOG_LEVEL.warn,
      creditCents: 1200,
    });
    await database.db.delete(t.supplierTools).where(eq(t.supplierTools.supplierId, 'dhru'));

    const refused = dhruListing([listing('12')], () =>
      Promise.reject(new SupplierAccountError('Authentication Failed')),
    );
    const quotes = createQuoteEngine(database.db, catalog, refused);
    await expect(syncSupplier(refused, quotes, logger)).rejects.toThrow(SupplierAccountError);
    expect(lines.find((line) => line.msg === 'the unlock supplier refused our account')?.level).toBe(LOG_LEVEL.error);
    expect(await tool('DHRU-12')).toBeUndefined();
  });
});
