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
import { licenseProductSchema } from '../../domain/licenses.ts';
import type { Db } from '../db/client.ts';
import { loadLicenseCatalogue } from '../modules/licenses/service.ts';
import { readSeedFile, runSeedSteps, SEED_DIR, type SeedOutcome, seedStep } from '../db/seed.ts';
import { sandboxEsimProvider } from '../integrations/esim/sandbox.ts';
import { createUnlockSupplier, SANDBOX_SUPPLIER, serviceMappingsFor } from '../integrations/suppliers/index.ts';
import { readSandboxCatalogue } from '../integrations/suppliers/sandbox.ts';
import { createCatalogService, type ReferenceData } from '../modules/catalog/service.ts';
import { createEsimService } from '../modules/esim/service.ts';
import { createQuoteEngine, skuSeedSchema } from '../modules/quotes/service.ts';

/** The seed always loads the sandbox supplier, whatever supplier the store is configured with. */
const SANDBOX_CONFIG = { DHRU_URL: undefined, DHRU_USER: undefined, DHRU_KEY: undefined, DHRU_TIMEOUT_MS: 20_000 };

export interface SeedOptions {
  /** Where the seed files are read from (tests point it at a changed copy). */
  readonly dir?: string;
}

/** The data/seed files of the reference lists: one step, since the lists refer to each other. */
export function readReferenceData(dir: string = SEED_DIR): ReferenceData {
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
  const supplierFile = join(dir, 'sandbox-supplier-catalog.json');
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
        supplier: { id: SANDBOX_SUPPLIER.id, name: SANDBOX_SUPPLIER.name, adapter: 'sandbox' },
        services: readSandboxCatalogue(supplierFile),
        skus: readSeedFile(dir, 'unlock-skus.json', skuSeedSchema),
      }),
      // Offline: the sandbox supplier answers in-process, its services listed from the seed file.
      apply: ({ skus }) => {
        const supplier = createUnlockSupplier(SANDBOX_CONFIG, { sandboxCatalogFile: supplierFile });
        const serviceMappings = serviceMappingsFor(supplier, supplierFile);
        return createQuoteEngine(db, catalog, supplier, { serviceMappings }).loadSeedCatalogue(skus);
      },
    }),
    seedStep({
      name: 'license-products',
      read: async () => readSeedFile(dir, 'licenses.json', licenseProductSchema),
      apply: (products) => loadLicenseCatalogue(db, products),
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
