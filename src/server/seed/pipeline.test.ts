import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../db/client.ts';
import { SEED_DIR } from '../db/seed.ts';
import { sandboxEsimProvider } from '../integrations/esim/sandbox.ts';
import { createCatalogService } from '../modules/catalog/service.ts';
import { createEsimService } from '../modules/esim/service.ts';
import { seedDatabase } from './pipeline.ts';

const ALL_UNCHANGED = {
  'reference-data': 'unchanged',
  'unlock-catalogue': 'unchanged',
  'license-products': 'unchanged',
  'esim-packages': 'unchanged',
};

/** Rewrites one seed file of the copy through `change`. */
function edit(dir: string, file: string, change: (json: { rows: Record<string, unknown>[] }) => void) {
  const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { rows: Record<string, unknown>[] };
  change(json);
  writeFileSync(join(dir, file), JSON.stringify(json));
}

describe('seed pipeline', () => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    // A migrated database nothing has seeded yet: the pipeline's first run is a real one.
    database = await openPglite({});
    await database.migrate();
    dir = mkdtempSync(join(tmpdir(), 'openline-seed-'));
    cpSync(SEED_DIR, dir, { recursive: true });
  });

  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs every step on a fresh database, then skips every step when nothing changed', async () => {
    expect(await seedDatabase(database.db, { dir })).toEqual({
      'reference-data': 'seeded',
      'unlock-catalogue': 'seeded',
      'license-products': 'seeded',
      'esim-packages': 'seeded',
    });
    expect(await seedDatabase(database.db, { dir })).toEqual(ALL_UNCHANGED);
  });

  it('re-runs only the step whose input changed', async () => {
    edit(dir, 'esim-packages.json', (json) => {
      const first = json.rows[0]!;
      first.price_cents = (first.price_cents as number) + 100;
    });
    expect(await seedDatabase(database.db, { dir })).toEqual({ ...ALL_UNCHANGED, 'esim-packages': 'seeded' });

    edit(dir, 'country-aliases.json', (json) => {
      json.rows.push({ alias: 'Blighty', country_code: 'GB' });
    });
    expect(await seedDatabase(database.db, { dir })).toEqual({ ...ALL_UNCHANGED, 'reference-data': 'seeded' });

    edit(dir, 'unlock-skus.json', (json) => {
      json.rows.push({ ...json.rows[0]!, sku_code: 'TEST-SEED-STEP' });
    });
    expect(await seedDatabase(database.db, { dir })).toEqual({ ...ALL_UNCHANGED, 'unlock-catalogue': 'seeded' });
    expect(await seedDatabase(database.db, { dir })).toEqual(ALL_UNCHANGED);
  });

  it('what a re-run step loaded is what the store serves', async () => {
    const catalog = createCatalogService(database.db);
    expect(await catalog.normalizeCountry('Blighty')).toBe('GB');
    const esim = createEsimService(
      database.db,
      sandboxEsimProvider({ packagesFile: join(dir, 'esim-packages.json') }),
      catalog,
    );
    const rows = JSON.parse(readFileSync(join(dir, 'esim-packages.json'), 'utf8')) as {
      rows: { package_id: string; price_cents: number }[];
    };
    const first = rows.rows[0]!;
    const [line] = await esim.priceCart([{ package_id: first.package_id, quantity: 1 }]);
    expect(line?.unitPriceCents).toBe(first.price_cents);
  });
});
