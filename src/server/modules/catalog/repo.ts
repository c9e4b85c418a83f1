import { asc, desc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  type BrandAliasRow,
  type BrandModelRow,
  type BrandRow,
  type CarrierAliasRow,
  type CarrierRow,
  type CountryAliasRow,
  type CountryRow,
  type IphoneModelRow,
  normalizeAliasKey,
  type RegionCountryRow,
  type SamsungModelRow,
} from '../../../domain/reference-data.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export const CARRIER_LIST_LIMIT = 500;
export const CARRIER_ALIAS_LIST_LIMIT = 500;

export function selectActiveCountries(db: Db) {
  return db
    .select({
      country_code: t.canonicalCountries.countryCode,
      country_name: t.canonicalCountries.countryName,
      iso2: t.canonicalCountries.iso2,
      iso3: t.canonicalCountries.iso3,
      region: t.canonicalCountries.region,
      active: t.canonicalCountries.active,
    })
    .from(t.canonicalCountries)
    .where(eq(t.canonicalCountries.active, true))
    .orderBy(asc(t.canonicalCountries.countryName));
}

export function selectCountryAliases(db: Db) {
  return db
    .select({ alias: t.countryAliases.alias, country_code: t.countryAliases.countryCode })
    .from(t.countryAliases)
    .orderBy(asc(t.countryAliases.alias));
}

export function selectActiveCarriers(db: Db, limit = CARRIER_LIST_LIMIT) {
  return db
    .select({
      carrier_slug: t.canonicalCarriers.carrierSlug,
      carrier_name: t.canonicalCarriers.carrierName,
      country_code: t.canonicalCarriers.countryCode,
      carrier_type: t.canonicalCarriers.carrierType,
      active: t.canonicalCarriers.active,
    })
    .from(t.canonicalCarriers)
    .where(eq(t.canonicalCarriers.active, true))
    .orderBy(asc(t.canonicalCarriers.carrierName), asc(t.canonicalCarriers.carrierSlug))
    .limit(limit);
}

export function selectCarrierAliases(db: Db, limit = CARRIER_ALIAS_LIST_LIMIT) {
  return db
    .select({
      alias: t.carrierAliases.alias,
      carrier_slug: t.carrierAliases.carrierSlug,
      country_code: t.carrierAliases.countryCode,
    })
    .from(t.carrierAliases)
    // Newest first: an alias an admin adds reaches the pickers even past the list's cap (ADR 106).
    .orderBy(desc(t.carrierAliases.id))
    .limit(limit);
}

/** Every alias, for normalisation (the public list is capped at 500 like the original). */
export function selectAllCarrierAliases(db: Db) {
  return db
    .select({ alias_key: t.carrierAliases.aliasKey, carrier_slug: t.carrierAliases.carrierSlug })
    .from(t.carrierAliases);
}

export function selectAllActiveCarriers(db: Db) {
  return db
    .select({
      carrier_slug: t.canonicalCarriers.carrierSlug,
      carrier_name: t.canonicalCarriers.carrierName,
      country_code: t.canonicalCarriers.countryCode,
    })
    .from(t.canonicalCarriers)
    .where(eq(t.canonicalCarriers.active, true));
}

export function selectActiveBrands(db: Db) {
  return db
    .select({
      brand_slug: t.canonicalBrands.brandSlug,
      brand_name: t.canonicalBrands.brandName,
      brand_family: t.canonicalBrands.brandFamily,
      manufacturer: t.canonicalBrands.manufacturer,
      active: t.canonicalBrands.active,
    })
    .from(t.canonicalBrands)
    .where(eq(t.canonicalBrands.active, true))
    .orderBy(asc(t.canonicalBrands.brandName));
}

export function selectBrandAliases(db: Db) {
  return db
    .select({ alias: t.brandAliases.alias, brand_slug: t.brandAliases.brandSlug })
    .from(t.brandAliases)
    .orderBy(asc(t.brandAliases.alias));
}

export function selectRegionCountries(db: Db, region?: string) {
  const query = db
    .select({
      region: t.regionCountryMapping.region,
      country_code: t.regionCountryMapping.countryCode,
      country_name: t.regionCountryMapping.countryName,
    })
    .from(t.regionCountryMapping)
    .orderBy(asc(t.regionCountryMapping.region), asc(t.regionCountryMapping.countryName));
  return region ? query.where(eq(t.regionCountryMapping.region, region)) : query;
}

export function selectIphoneModels(db: Db) {
  return db
    .select({
      model_name: t.iphoneModels.modelName,
      series_number: t.iphoneModels.seriesNumber,
      release_year: t.iphoneModels.releaseYear,
    })
    .from(t.iphoneModels)
    .orderBy(desc(t.iphoneModels.seriesNumber), desc(t.iphoneModels.releaseYear), asc(t.iphoneModels.modelName));
}

export function selectSamsungModels(db: Db) {
  return db
    .select({
      model_name: t.samsungModels.modelName,
      model_series: t.samsungModels.modelSeries,
      release_year: t.samsungModels.releaseYear,
    })
    .from(t.samsungModels);
}

export function selectBrandModels(db: Db, brandSlug: string) {
  return db
    .select({ model_name: t.brandModels.modelName })
    .from(t.brandModels)
    .where(eq(t.brandModels.brandSlug, brandSlug))
    .orderBy(asc(t.brandModels.position));
}

/** The reference lists of data/seed, validated. */
export interface ReferenceData {
  readonly countries: readonly CountryRow[];
  readonly countryAliases: readonly CountryAliasRow[];
  readonly carriers: readonly CarrierRow[];
  readonly carrierAliases: readonly CarrierAliasRow[];
  readonly brands: readonly BrandRow[];
  readonly brandAliases: readonly BrandAliasRow[];
  readonly regions: readonly RegionCountryRow[];
  readonly iphones: readonly IphoneModelRow[];
  readonly samsungs: readonly SamsungModelRow[];
  readonly brandModels: readonly BrandModelRow[];
}

const CHUNK = 500;

async function insertChunks<Row extends Record<string, unknown>>(
  db: Db,
  table: PgTable,
  rows: Row[],
  onConflict: (insert: ReturnType<ReturnType<Db['insert']>['values']>) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await onConflict(db.insert(table).values(rows.slice(i, i + CHUNK)));
  }
}

/** Inserts new reference rows and updates changed ones, in one transaction; never deletes (admins may add rows). */
export async function upsertReferenceData(db: Db, data: ReferenceData) {
  await inTransaction(db, async (txDb) => {
    await insertChunks(
      txDb,
      t.canonicalCountries,
      data.countries.map((c) => ({
        countryCode: c.country_code,
        countryName: c.country_name,
        iso2: c.iso2,
        iso3: c.iso3,
        region: c.region,
        active: c.active,
      })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.canonicalCountries.countryCode,
          set: {
            countryName: sql`excluded.country_name`,
            iso2: sql`excluded.iso2`,
            iso3: sql`excluded.iso3`,
            region: sql`excluded.region`,
            active: sql`excluded.active`,
          },
        }),
    );
    await insertChunks(
      txDb,
      t.countryAliases,
      data.countryAliases.map((a) => ({
        alias: a.alias,
        aliasKey: normalizeAliasKey(a.alias),
        countryCode: a.country_code,
      })),
      (q) => q.onConflictDoNothing(),
    );
    await insertChunks(
      txDb,
      t.canonicalCarriers,
      data.carriers.map((c) => ({
        carrierSlug: c.carrier_slug,
        carrierName: c.carrier_name,
        countryCode: c.country_code,
        carrierType: c.carrier_type,
        active: c.active,
      })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.canonicalCarriers.carrierSlug,
          set: {
            carrierName: sql`excluded.carrier_name`,
            countryCode: sql`excluded.country_code`,
            carrierType: sql`excluded.carrier_type`,
            active: sql`excluded.active`,
          },
        }),
    );
    await insertChunks(
      txDb,
      t.carrierAliases,
      data.carrierAliases.map((a) => ({
        alias: a.alias,
        aliasKey: normalizeAliasKey(a.alias),
        carrierSlug: a.carrier_slug,
        countryCode: a.country_code,
      })),
      (q) => q.onConflictDoNothing(),
    );
    await insertChunks(
      txDb,
      t.canonicalBrands,
      data.brands.map((b) => ({
        brandSlug: b.brand_slug,
        brandName: b.brand_name,
        brandFamily: b.brand_family,
        manufacturer: b.manufacturer,
        active: b.active,
      })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.canonicalBrands.brandSlug,
          set: {
            brandName: sql`excluded.brand_name`,
            brandFamily: sql`excluded.brand_family`,
            manufacturer: sql`excluded.manufacturer`,
            active: sql`excluded.active`,
          },
        }),
    );
    await insertChunks(
      txDb,
      t.brandAliases,
      data.brandAliases.map((a) => ({ alias: a.alias, aliasKey: normalizeAliasKey(a.alias), brandSlug: a.brand_slug })),
      (q) => q.onConflictDoNothing(),
    );
    await insertChunks(
      txDb,
      t.regionCountryMapping,
      data.regions.map((r) => ({ region: r.region, countryCode: r.country_code, countryName: r.country_name })),
      (q) =>
        q.onConflictDoUpdate({
          target: [t.regionCountryMapping.region, t.regionCountryMapping.countryCode],
          set: { countryName: sql`excluded.country_name` },
        }),
    );
    await insertChunks(
      txDb,
      t.iphoneModels,
      data.iphones.map((m) => ({
        modelName: m.model_name,
        seriesNumber: m.series_number,
        releaseYear: m.release_year,
      })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.iphoneModels.modelName,
          set: { seriesNumber: sql`excluded.series_number`, releaseYear: sql`excluded.release_year` },
        }),
    );
    await insertChunks(
      txDb,
      t.samsungModels,
      data.samsungs.map((m) => ({ modelName: m.model_name, modelSeries: m.model_series, releaseYear: m.release_year })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.samsungModels.modelName,
          set: { modelSeries: sql`excluded.model_series`, releaseYear: sql`excluded.release_year` },
        }),
    );
    await insertChunks(
      txDb,
      t.brandModels,
      data.brandModels.map((m, position) => ({ brandSlug: m.brand_slug, modelName: m.model_name, position })),
      (q) =>
        q.onConflictDoUpdate({
          target: [t.brandModels.brandSlug, t.brandModels.modelName],
          set: { position: sql`excluded.position` },
        }),
    );
  });
}
