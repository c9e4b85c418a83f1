// Checks of the answers every page reads as it starts, written without zod (ADR 097 addendum 2):
// `/api/me` and the unlock panel's lists. A page that builds a zod schema to read them downloads
// and runs zod first (22 KB Brotli of the home page's 171 KB) before a visitor has done anything.
// Each check accepts exactly what its schema in me.ts or reference-data.ts accepts:
// answer-checks.test.ts holds them side by side over every seed row and a table of bad answers.
// The schemas stay the contract the server seeds, answers and documents by.
import type { Me } from './me.ts';
import type {
  BrandAliasRow,
  BrandRow,
  CarrierAliasRow,
  CarrierRow,
  CountryAliasRow,
  CountryRow,
  RegionCountryRow,
} from './reference-data.ts';

/** Whether a value has a shape, and the type it then has. */
export type Check<T> = (value: unknown) => value is T;

export const ISO2_PATTERN = /^[A-Z]{2}$/;
export const ISO3_PATTERN = /^[A-Z]{3}$/;
/** Pseudo entries such as GLOBAL or EU-REGION share the column with real ISO2 codes. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$|^[A-Z][A-Z-]{2,15}$/;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const carrierTypes = ['mno', 'mvno', 'region'] as const;

export const regionNames = [
  'Europe',
  'European Union',
  'North America',
  'Latin America',
  'Caribbean',
  'Middle East',
  'Asia',
  'Asia Pacific',
  'Africa',
  'Oceania',
] as const;

/** The rule no field alone states: region carriers have no country, every other carrier has one. */
export const carrierCountryAgrees = (row: {
  readonly carrier_type: (typeof carrierTypes)[number];
  readonly country_code: string | null;
}): boolean => (row.carrier_type === 'region') === (row.country_code === null);

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/** Text with something besides spaces (the schemas' trimmed, non-empty text). */
const isText = (value: unknown): value is string => isString(value) && value.trim().length > 0;
const matching =
  (pattern: RegExp): Check<string> =>
  (value): value is string =>
    isString(value) && pattern.test(value);
const orNull =
  <T>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value);
const oneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (value): value is T =>
    (values as readonly unknown[]).includes(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object whose fields pass their checks; with `exact`, one with no other field (a strict object). */
function objectOf<T>(fields: { readonly [K in keyof T]-?: Check<T[K]> }, exact: boolean): Check<T> {
  const entries = Object.entries(fields) as [string, Check<unknown>][];
  const names = entries.map(([key]) => key);
  return (value): value is T =>
    isRecord(value) &&
    entries.every(([key, check]) => check(value[key])) &&
    (!exact || Object.keys(value).every((key) => names.includes(key)));
}

export const listOf =
  <T>(check: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every((item) => check(item));

export const isMe: Check<Me> = objectOf<Me>(
  { user: orNull(objectOf({ id: isString, email: isString }, false)), isAdmin: isBoolean },
  false,
);

export const isCountryRow: Check<CountryRow> = objectOf<CountryRow>(
  {
    country_code: matching(COUNTRY_CODE_PATTERN),
    country_name: isText,
    iso2: orNull(matching(ISO2_PATTERN)),
    iso3: orNull(matching(ISO3_PATTERN)),
    region: isText,
    active: isBoolean,
  },
  true,
);

const hasCarrierFields = objectOf<CarrierRow>(
  {
    carrier_slug: matching(SLUG_PATTERN),
    carrier_name: isText,
    country_code: orNull(matching(ISO2_PATTERN)),
    carrier_type: oneOf(carrierTypes),
    active: isBoolean,
  },
  true,
);
export const isCarrierRow: Check<CarrierRow> = (value): value is CarrierRow =>
  hasCarrierFields(value) && carrierCountryAgrees(value);

export const isBrandRow: Check<BrandRow> = objectOf<BrandRow>(
  {
    brand_slug: matching(SLUG_PATTERN),
    brand_name: isText,
    brand_family: isText,
    manufacturer: isText,
    active: isBoolean,
  },
  true,
);

// The pickers' other names (ADR 106): each list's rows, read as the panel starts.
export const isCountryAliasRow: Check<CountryAliasRow> = objectOf<CountryAliasRow>(
  { alias: isText, country_code: matching(COUNTRY_CODE_PATTERN) },
  true,
);
export const isCarrierAliasRow: Check<CarrierAliasRow> = objectOf<CarrierAliasRow>(
  { alias: isText, carrier_slug: matching(SLUG_PATTERN), country_code: orNull(matching(ISO2_PATTERN)) },
  true,
);
export const isBrandAliasRow: Check<BrandAliasRow> = objectOf<BrandAliasRow>(
  { alias: isText, brand_slug: matching(SLUG_PATTERN) },
  true,
);

export const isRegionCountryRow: Check<RegionCountryRow> = objectOf<RegionCountryRow>(
  { region: oneOf(regionNames), country_code: matching(ISO2_PATTERN), country_name: isText },
  true,
);
