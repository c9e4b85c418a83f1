import { z } from 'zod';
import type { CartPackage } from './cart.ts';

export const esimPackageKinds = ['local', 'regional', 'global'] as const;
export const esimProviders = ['sandbox', 'partner'] as const;

/** The longest validity a package may have. */
const MAX_VALIDITY_DAYS = 365;
const MB_PER_GB = 1024;

const iso2Schema = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2, upper case');
const iso3Schema = z.string().regex(/^[A-Z]{3}$/, 'ISO 3166-1 alpha-3, upper case');

/** A package as visitors see it: everything but what it costs us. */
const publicPackageShape = {
  package_id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case kebab id'),
  package_name: z.string().trim().min(1),
  /** Null: unlimited data. */
  data_gb: z.number().positive().nullable(),
  validity_days: z.number().int().min(1).max(MAX_VALIDITY_DAYS),
  kind: z.enum(esimPackageKinds),
  /** ISO2 of a local package's country; null for regional and global ones. */
  country_code: iso2Schema.nullable(),
  /** The region a regional or global package is sold under; null for local ones. */
  region: z.string().trim().min(1).nullable(),
  /** Every country the package works in. */
  countries_iso3: z.array(iso3Schema).min(1),
  price_cents: z.number().int().positive(),
  provider: z.enum(esimProviders),
  active: z.boolean(),
};

/** GET /api/esim/packages as the shop reads it; an admin's answer also carries net_cost_cents. */
export const publicEsimPackageSchema = z.looseObject(publicPackageShape);

/** One sellable travel eSIM package of the catalogue (data/seed/esim-packages.json, or the partner's). */
export const esimPackageRowSchema = z
  .strictObject({
    ...publicPackageShape,
    /** What the package costs us; never shown to visitors. */
    net_cost_cents: z.number().int().nonnegative(),
  })
  .refine((row) => (row.kind === 'local') === (row.country_code !== null), {
    message: 'local packages have a country_code; regional and global ones do not',
    path: ['country_code'],
  })
  .refine((row) => row.kind !== 'local' || row.region === null, {
    message: 'local packages have no region',
    path: ['region'],
  })
  .refine((row) => row.kind !== 'regional' || row.region !== null, {
    message: 'regional packages name their region',
    path: ['region'],
  })
  .refine((row) => row.kind !== 'local' || row.countries_iso3.length === 1, {
    message: 'a local package covers exactly its own country',
    path: ['countries_iso3'],
  })
  .refine((row) => new Set(row.countries_iso3).size === row.countries_iso3.length, {
    message: 'countries are listed once',
    path: ['countries_iso3'],
  });

export type EsimPackageKind = (typeof esimPackageKinds)[number];
export type EsimPackageRow = z.infer<typeof esimPackageRowSchema>;
/** A package as visitors see it: without our cost. */
export type PublicEsimPackage = Omit<EsimPackageRow, 'net_cost_cents'>;

/** '3 GB', '500 MB' or 'Unlimited'. */
export function formatDataAmount(gb: number | null): string {
  if (gb === null) return 'Unlimited';
  // Providers sell sub-gigabyte packages in binary megabytes (512 MB = 0.5 GB).
  if (gb < 1) return `${Math.round(gb * MB_PER_GB)} MB`;
  return `${Number(gb.toFixed(2))} GB`;
}

/** The price of one gigabyte, to compare packages; null when the data is unlimited. */
export function pricePerGbCents(priceCents: number, gb: number | null): number | null {
  if (gb === null || gb <= 0) return null;
  return Math.round(priceCents / gb);
}

/** 'France 3 GB · 30 days', 'Europe Unlimited · 7 days'. */
export function esimPackageName(destination: string, gb: number | null, validityDays: number): string {
  return `${destination} ${formatDataAmount(gb)} · ${validityDays} ${validityDays === 1 ? 'day' : 'days'}`;
}

/** A stable id: 'fr-3gb-30d', 'eu-unlimited-7d'. */
export function esimPackageId(prefix: string, gb: number | null, validityDays: number): string {
  const data = gb === null ? 'unlimited' : gb < 1 ? `${Math.round(gb * MB_PER_GB)}mb` : `${gb}gb`;
  return `${prefix}-${data}-${validityDays}d`.toLowerCase();
}

/** The cart line for a catalogue package (spec section 3 "Cart item"): dollars for display, data as shown. */
export function cartPackageFromRow(row: PublicEsimPackage): CartPackage {
  return {
    package_id: row.package_id,
    package_name: row.package_name,
    data: formatDataAmount(row.data_gb),
    validity: row.validity_days,
    countries_iso3: [...row.countries_iso3],
    country_code: row.country_code,
    price: row.price_cents / 100,
    kind: row.kind,
    region: row.region,
  };
}

export interface LookalikeDestination {
  readonly iso2: string;
  readonly name: string;
}

/**
 * Destinations shoppers mix up, so a page can ask "Austria, not Australia?" before a wrong
 * purchase. Names are those of data/seed/countries.json; Georgia's lookalike is the U.S. state.
 */
export const SIMILAR_COUNTRY_NAMES: readonly (readonly LookalikeDestination[])[] = [
  [
    { iso2: 'AT', name: 'Austria' },
    { iso2: 'AU', name: 'Australia' },
  ],
  [
    { iso2: 'NE', name: 'Niger' },
    { iso2: 'NG', name: 'Nigeria' },
  ],
  [
    { iso2: 'DM', name: 'Dominica' },
    { iso2: 'DO', name: 'Dominican Republic' },
  ],
  [
    { iso2: 'GN', name: 'Guinea' },
    { iso2: 'GW', name: 'Guinea-Bissau' },
    { iso2: 'GQ', name: 'Equatorial Guinea' },
  ],
  [
    { iso2: 'CG', name: 'Republic of the Congo' },
    { iso2: 'CD', name: 'DR Congo' },
  ],
  [
    { iso2: 'GE', name: 'Georgia' },
    { iso2: 'US', name: 'Georgia (U.S. state)' },
  ],
  [
    { iso2: 'SD', name: 'Sudan' },
    { iso2: 'SS', name: 'South Sudan' },
  ],
  [
    { iso2: 'IR', name: 'Iran' },
    { iso2: 'IQ', name: 'Iraq' },
  ],
  [
    { iso2: 'SK', name: 'Slovakia' },
    { iso2: 'SI', name: 'Slovenia' },
  ],
  [
    { iso2: 'ML', name: 'Mali' },
    { iso2: 'MW', name: 'Malawi' },
    { iso2: 'MT', name: 'Malta' },
  ],
];

/**
 * The destinations a shopper may have meant instead of this one, by its name (any case).
 * Looked up by name so that buying the United States never warns about Georgia.
 */
export function lookalikeDestinations(countryName: string): LookalikeDestination[] {
  const wanted = countryName.trim().toLowerCase();
  return SIMILAR_COUNTRY_NAMES.filter((group) => group.some((entry) => entry.name.toLowerCase() === wanted)).flatMap(
    (group) => group.filter((entry) => entry.name.toLowerCase() !== wanted),
  );
}
