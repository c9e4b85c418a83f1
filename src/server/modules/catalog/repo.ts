import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
    .orderBy(asc(t.carrierAliases.id))
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
