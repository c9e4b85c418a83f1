import { join } from 'node:path';
import {
  brandAliasRowSchema,
  brandModelRowSchema,
  brandRowSchema,
  carrierAliasRowSchema,
  carrierRowSchema,
  countryAliasRowSchema,
  countryRowSchema,
  iphoneModelRowSchema,
  regionCountryRowSchema,
  samsungModelRowSchema,
} from '../../domain/reference-data.ts';
import type { Db } from '../db/client.ts';
import { readSeedFile, runSeedSteps, SEED_DIR, type SeedOutcome, seedStep } from '../db/seed.ts';
import { sandboxEsimProvider } from '../integrations/esim/sandbox.ts';
import { sandboxSupplier } from '../integrations/suppliers/sandbox.ts';
import { createCatalogService, type ReferenceData } from '../modules/catalog/service.ts';
import { createEsimService } from '../modules/esim/service.ts';
import { createQuoteEngine, skuSeedSchema } from '../modules/quotes/service.ts';

export interface SeedOptions {
  /** Where the seed files are read from (tests point it at a changed copy). */
  readonly dir?: string;
}

/** The data/seed files of the reference lists: one step, since the lists refer to each other. */
function readReferenceData(dir: string): ReferenceData {
  return {
    countries: readSeedFile(dir, 'countries.json', countryRowSchema),
    countryAliases: readSeedFile(dir, 'country-aliases.json', countryAliasRowSchema),
    carriers: readSeedFile(dir, 'carriers.json', carrierRowSchema),
    carrierAliases: readSeedFile(dir, 'carrier-aliases.json', carrierAliasRowSchema),
    brands: readSeedFile(dir, 'brands.json', brandRowSchema),
    brandAliases: readSeedFile(dir, 'brand-aliases.json', brandAliasRowSchema),
    regions: readSeedFile(dir, 'region-countries.json', regionCountryRowSchema),
    iphones: readSeedFile(dir, 'iphone-models.json', iphoneModelRowSchema),
    samsungs: readSeedFile(dir, 'samsung-models.json', samsungModelRowSchema),
    brandModels: readSeedFile(dir, 'brand-models.json', brandModelRowSchema),
  };
}

/**
 * Every seed step, in the order they depend on each other: the reference lists first (SKUs and
 * packages name their countries, brands and carriers), then the unlock catalogue, then the
 * sandbox eSIM catalogue. Each module loads its own tables through its service.
 */
export function seedSteps(db: Db, options: SeedOptions = {}) {
  const dir = options.dir ?? SEED_DIR;
  const catalog = createCatalogService(db);
  const supplier = sandboxSupplier(join(dir, 'sandbox-supplier-catalog.json'));
  const esimProvider = sandboxEsimProvider({ packagesFile: join(dir, 'esim-packages.json') });
  return [
    seedStep({
      name: 'reference-data',
      read: async () => readReferenceData(dir),
      apply: (data) => catalog.loadReferenceData(data),
    }),
    seedStep({
      name: 'unlock-catalogue',
      read: async () => ({
        supplier: { id: supplier.id, name: supplier.name, adapter: supplier.adapter },
        services: await supplier.listServices(Number.MAX_SAFE_INTEGER),
        skus: readSeedFile(dir, 'unlock-skus.json', skuSeedSchema),
      }),
      apply: ({ skus }) => createQuoteEngine(db, catalog, supplier).loadSeedCatalogue(skus),
    }),
    seedStep({
      name: 'esim-packages',
      read: () => esimProvider.listPackages(),
      apply: (rows) => createEsimService(db, esimProvider, catalog).loadSeedCatalogue(rows),
    }),
  ];
}

/** Runs every seed step whose input changed since it last ran; answers what each step did. */
export function seedDatabase(db: Db, options: SeedOptions = {}): Promise<Record<string, SeedOutcome>> {
  return runSeedSteps(db, seedSteps(db, options));
}
