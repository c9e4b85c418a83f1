import { z } from 'zod';
import {
  carrierCountryAgrees,
  carrierTypes,
  COUNTRY_CODE_PATTERN,
  ISO2_PATTERN,
  ISO3_PATTERN,
  regionNames,
  SLUG_PATTERN,
} from './answer-checks.ts';

export { carrierTypes, regionNames };

// Every alias is compared through its key: case, accents, spacing and punctuation ignored (alias-key.ts).
export { aliasKey as normalizeAliasKey } from './alias-key.ts';

const iso2Schema = z.string().regex(ISO2_PATTERN, 'ISO 3166-1 alpha-2, upper case');
const iso3Schema = z.string().regex(ISO3_PATTERN, 'ISO 3166-1 alpha-3, upper case');
const countryCodeSchema = z.string().regex(COUNTRY_CODE_PATTERN, 'country code');
const slugSchema = z.string().regex(SLUG_PATTERN, 'lower-case kebab slug');
const textSchema = z.string().trim().min(1);
const yearSchema = z.number().int().min(2007).max(2100);

export const countryRowSchema = z.strictObject({
  country_code: countryCodeSchema,
  country_name: textSchema,
  iso2: iso2Schema.nullable(),
  iso3: iso3Schema.nullable(),
  region: textSchema,
  active: z.boolean(),
});

export const countryAliasRowSchema = z.strictObject({
  alias: textSchema,
  country_code: countryCodeSchema,
});

export const carrierRowSchema = z
  .strictObject({
    carrier_slug: slugSchema,
    carrier_name: textSchema,
    country_code: iso2Schema.nullable(),
    carrier_type: z.enum(carrierTypes),
    active: z.boolean(),
  })
  .refine(carrierCountryAgrees, {
    message: 'region carriers have no country_code; every other carrier has one',
    path: ['country_code'],
  });

export const carrierAliasRowSchema = z.strictObject({
  alias: textSchema,
  carrier_slug: slugSchema,
  country_code: iso2Schema.nullable(),
});

export const brandRowSchema = z.strictObject({
  brand_slug: slugSchema,
  brand_name: textSchema,
  brand_family: textSchema,
  manufacturer: textSchema,
  active: z.boolean(),
});

export const brandAliasRowSchema = z.strictObject({
  alias: textSchema,
  brand_slug: slugSchema,
});

export const regionCountryRowSchema = z.strictObject({
  region: z.enum(regionNames),
  country_code: iso2Schema,
  country_name: textSchema,
});

export const iphoneModelRowSchema = z.strictObject({
  model_name: z.string().regex(/^iPhone\b/, 'starts with "iPhone"'),
  series_number: z.number().int().min(1).max(99),
  release_year: yearSchema,
});

export const samsungModelSeries = [
  'Galaxy S',
  'Galaxy Z',
  'Galaxy Note',
  'Galaxy A',
  'Galaxy M',
  'Galaxy Tab',
] as const;

export const samsungModelRowSchema = z.strictObject({
  model_name: z.string().regex(/^Galaxy /, 'starts with "Galaxy "'),
  model_series: z.enum(samsungModelSeries),
  release_year: yearSchema,
});

export const brandModelRowSchema = z.strictObject({
  brand_slug: slugSchema,
  model_name: textSchema,
});

export function seedFileSchema<Row extends z.ZodType>(row: Row) {
  return z.object({ source: z.string().min(20), rows: z.array(row).min(1) });
}

export type CountryRow = z.infer<typeof countryRowSchema>;
export type CountryAliasRow = z.infer<typeof countryAliasRowSchema>;
export type CarrierType = (typeof carrierTypes)[number];
export type CarrierRow = z.infer<typeof carrierRowSchema>;
export type CarrierAliasRow = z.infer<typeof carrierAliasRowSchema>;
export type BrandRow = z.infer<typeof brandRowSchema>;
export type BrandAliasRow = z.infer<typeof brandAliasRowSchema>;
export type RegionName = (typeof regionNames)[number];
export type RegionCountryRow = z.infer<typeof regionCountryRowSchema>;
export type IphoneModelRow = z.infer<typeof iphoneModelRowSchema>;
export type SamsungModelSeries = (typeof samsungModelSeries)[number];
export type SamsungModelRow = z.infer<typeof samsungModelRowSchema>;
export type BrandModelRow = z.infer<typeof brandModelRowSchema>;

// Spec section 3 names these 28 brands (it claims 29); the order is the spec's.
export const BUILT_IN_MODEL_BRANDS = [
  'Xiaomi',
  'Redmi',
  'POCO',
  'OPPO',
  'OnePlus',
  'vivo',
  'iQOO',
  'Realme',
  'Huawei',
  'Honor',
  'Tecno',
  'Infinix',
  'itel',
  'Motorola',
  'Google',
  'Nothing',
  'ZTE',
  'Nubia',
  'TCL',
  'Alcatel',
  'Sony',
  'Asus',
  'Nokia',
  'Meizu',
  'Sharp',
  'Lava',
  'Micromax',
  'Lenovo',
] as const;

export type BuiltInModelBrand = (typeof BUILT_IN_MODEL_BRANDS)[number];
