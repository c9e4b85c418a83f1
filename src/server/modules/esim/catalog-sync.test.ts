import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsimPackageRow } from '../../../domain/esim-catalog.ts';
import type { Database } from '../../db/client.ts';
import type { EsimProvider } from '../../integrations/esim/types.ts';
import { testDbKinds, openTestDatabase } from '../../testing/test-db.ts';
import { createCatalogService } from '../catalog/service.ts';
import { createEsimService } from './service.ts';

const partnerRow = (id: string, priceCents: number): EsimPackageRow => ({
  package_id: id,
  package_name: `France ${id}`,
  data_gb: 3,
  validity_days: 30,
  kind: 'local',
  country_code: 'FR',
  region: null,
  countries_iso3: ['FRA'],
  price_cents: priceCents,
  net_cost_cents: Math.round(priceCents * 0.6),
  provider: 'partner',
  active: true,
});

describe.each(testDbKinds())('eSIM catalogue sync on %s', (kind) => {
  let database: Database;
  let listed: EsimPackageRow[] = [];
  const partner: EsimProvider = {
    name: 'partner',
    listPackages: async () => listed,
    provision: () => Promise.reject(new Error('not in this test')),
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('stores the partner’s packages, updates and retires them, and retires the sandbox’s', async () => {
    const esim = createEsimService(database.db, partner, createCatalogService(database.db));
    const france = async () =>
      JSON.parse((await esim.listPackages({ country: 'FR' }, { admin: true })).body) as EsimPackageRow[];
    expect((await france()).some((row) => row.provider === 'sandbox')).toBe(true);

    listed = [partnerRow('fr-partner-a', 900), partnerRow('fr-partner-b', 1500)];
    expect(await esim.syncCatalog()).toEqual({ inserted: 2, total: 2 });
    expect((await france()).map((row) => [row.package_id, row.price_cents])).toEqual([
      ['fr-partner-a', 900],
      ['fr-partner-b', 1500],
    ]);

    listed = [partnerRow('fr-partner-a', 1000)];
    expect(await esim.syncCatalog()).toEqual({ inserted: 0, total: 1 });
    expect((await france()).map((row) => [row.package_id, row.price_cents])).toEqual([['fr-partner-a', 1000]]);
    await expect(esim.priceCart([{ package_id: 'fr-partner-b', quantity: 1 }])).rejects.toThrow(/no longer available/);
  });
});
