// The seed-file checks read data/seed from disk; the code under test still imports only zod.
// eslint-disable-next-line no-restricted-imports -- test-only file access, see above
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- test-only file access, see above
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SIMILAR_COUNTRY_NAMES,
  cartPackageFromRow,
  esimPackageId,
  esimPackageName,
  esimPackageRowSchema,
  formatDataAmount,
  lookalikeDestinations,
  pricePerGbCents,
  type EsimPackageRow,
} from './esim-catalog.ts';
import { countryRowSchema, seedFileSchema } from './reference-data.ts';

const france: EsimPackageRow = {
  package_id: 'fr-3gb-30d',
  package_name: 'France 3 GB · 30 days',
  data_gb: 3,
  validity_days: 30,
  kind: 'local',
  country_code: 'FR',
  region: null,
  countries_iso3: ['FRA'],
  price_cents: 800,
  net_cost_cents: 480,
  provider: 'sandbox',
  active: true,
};

const europe: EsimPackageRow = {
  ...france,
  package_id: 'eu-10gb-30d',
  package_name: 'Europe 10 GB · 30 days',
  data_gb: 10,
  kind: 'regional',
  country_code: null,
  region: 'Europe',
  countries_iso3: ['FRA', 'DEU', 'ITA'],
  price_cents: 2250,
  net_cost_cents: 1440,
};

describe('esimPackageRowSchema', () => {
  it.each<{ case: string; row: Record<string, unknown>; valid: boolean }>([
    { case: 'a local package', row: france, valid: true },
    { case: 'a regional package', row: europe, valid: true },
    { case: 'a global package', row: { ...europe, kind: 'global', region: 'Global' }, valid: true },
    {
      case: "a partner's global package without a region",
      row: { ...europe, kind: 'global', region: null, provider: 'partner' },
      valid: true,
    },
    { case: 'unlimited data', row: { ...france, data_gb: null, package_id: 'fr-unlimited-7d' }, valid: true },
    { case: 'half a gigabyte', row: { ...france, data_gb: 0.5 }, valid: true },
    { case: 'a local package without a country', row: { ...france, country_code: null }, valid: false },
    { case: 'a local package with a region', row: { ...france, region: 'Europe' }, valid: false },
    {
      case: 'a local package covering two countries',
      row: { ...france, countries_iso3: ['FRA', 'MCO'] },
      valid: false,
    },
    { case: 'a regional package with a country', row: { ...europe, country_code: 'FR' }, valid: false },
    { case: 'a regional package without a region', row: { ...europe, region: null }, valid: false },
    { case: 'a lower-case ISO3', row: { ...france, countries_iso3: ['fra'] }, valid: false },
    { case: 'an ISO2 in the coverage', row: { ...france, countries_iso3: ['FR'] }, valid: false },
    { case: 'a country listed twice', row: { ...europe, countries_iso3: ['FRA', 'FRA'] }, valid: false },
    { case: 'no coverage', row: { ...europe, countries_iso3: [] }, valid: false },
    { case: 'a price in dollars', row: { ...france, price_cents: 8.5 }, valid: false },
    { case: 'a free package', row: { ...france, price_cents: 0 }, valid: false },
    { case: 'zero data', row: { ...france, data_gb: 0 }, valid: false },
    { case: 'zero days', row: { ...france, validity_days: 0 }, valid: false },
    { case: 'an upper-case id', row: { ...france, package_id: 'FR-3GB-30D' }, valid: false },
    { case: 'an unknown provider', row: { ...france, provider: 'acme' }, valid: false },
    { case: 'an unknown kind', row: { ...france, kind: 'continental' }, valid: false },
    { case: 'an unknown field', row: { ...france, margin: 0.4 }, valid: false },
  ])('$case → $valid', ({ row, valid }) => {
    expect(esimPackageRowSchema.safeParse(row).success).toBe(valid);
  });
});

describe('formatDataAmount', () => {
  it.each<[number | null, string]>([
    [3, '3 GB'],
    [1, '1 GB'],
    [20, '20 GB'],
    [1.5, '1.5 GB'],
    [0.5, '512 MB'],
    [0.49, '502 MB'],
    [null, 'Unlimited'],
  ])('%j → %j', (gb, expected) => {
    expect(formatDataAmount(gb)).toBe(expected);
  });
});

describe('pricePerGbCents', () => {
  it.each<[price: number, gb: number | null, expected: number | null]>([
    [800, 3, 267],
    [450, 1, 450],
    [2600, 20, 130],
    [1000, 0.5, 2000],
    [2700, null, null],
    [800, 0, null],
  ])('%j cents for %j GB → %j', (price, gb, expected) => {
    expect(pricePerGbCents(price, gb)).toBe(expected);
  });
});

describe('esimPackageName and esimPackageId', () => {
  it.each<[prefix: string, destination: string, gb: number | null, days: number, id: string, name: string]>([
    ['fr', 'France', 3, 30, 'fr-3gb-30d', 'France 3 GB · 30 days'],
    ['FR', 'France', 1, 7, 'fr-1gb-7d', 'France 1 GB · 7 days'],
    ['eu', 'Europe', null, 7, 'eu-unlimited-7d', 'Europe Unlimited · 7 days'],
    ['global', 'Global', 10, 60, 'global-10gb-60d', 'Global 10 GB · 60 days'],
    ['jp', 'Japan', 0.5, 1, 'jp-512mb-1d', 'Japan 512 MB · 1 day'],
  ])('%s %s %j GB %j days', (prefix, destination, gb, days, id, name) => {
    expect(esimPackageId(prefix, gb, days)).toBe(id);
    expect(esimPackageName(destination, gb, days)).toBe(name);
  });
});

describe('cartPackageFromRow', () => {
  it.each([
    {
      row: france,
      expected: {
        package_id: 'fr-3gb-30d',
        package_name: 'France 3 GB · 30 days',
        data: '3 GB',
        validity: 30,
        countries_iso3: ['FRA'],
        country_code: 'FR',
        price: 8,
        kind: 'local',
        region: null,
      },
    },
    {
      row: { ...europe, data_gb: null, price_cents: 2750 },
      expected: {
        package_id: 'eu-10gb-30d',
        package_name: 'Europe 10 GB · 30 days',
        data: 'Unlimited',
        validity: 30,
        countries_iso3: ['FRA', 'DEU', 'ITA'],
        country_code: null,
        price: 27.5,
        kind: 'regional',
        region: 'Europe',
      },
    },
  ])('$row.package_id', ({ row, expected }) => {
    expect(cartPackageFromRow(row)).toEqual(expected);
  });

  it('leaves our cost out of the cart', () => {
    expect(cartPackageFromRow(france)).not.toHaveProperty('net_cost_cents');
  });
});

describe('lookalikeDestinations', () => {
  it.each<[string, string[]]>([
    ['Austria', ['Australia']],
    ['australia', ['Austria']],
    ['Niger', ['Nigeria']],
    ['Dominica', ['Dominican Republic']],
    ['Dominican Republic', ['Dominica']],
    ['Guinea', ['Guinea-Bissau', 'Equatorial Guinea']],
    ['Equatorial Guinea', ['Guinea', 'Guinea-Bissau']],
    ['DR Congo', ['Republic of the Congo']],
    ['Georgia', ['Georgia (U.S. state)']],
    ['United States', []],
    ['South Sudan', ['Sudan']],
    ['Iraq', ['Iran']],
    ['Slovenia', ['Slovakia']],
    ['Malta', ['Mali', 'Malawi']],
    [' Mali ', ['Malawi', 'Malta']],
    ['France', []],
  ])('%j → %j', (name, expected) => {
    expect(lookalikeDestinations(name).map((entry) => entry.name)).toEqual(expected);
  });
});

// ── data/seed ────────────────────────────────────────────────────────────────────────────

function readSeed(name: string): unknown {
  return JSON.parse(readFileSync(join(process.cwd(), 'data/seed', name), 'utf8'));
}

const rows = seedFileSchema(esimPackageRowSchema).parse(readSeed('esim-packages.json')).rows;
const countries = seedFileSchema(countryRowSchema).parse(readSeed('countries.json')).rows;
const iso3ByIso2 = new Map(
  countries.flatMap((country) => (country.iso2 && country.iso3 ? [[country.iso2, country.iso3]] : [])),
);
const knownIso3 = new Set(iso3ByIso2.values());
const local = rows.filter((row) => row.kind === 'local');

// Map.groupBy needs Node 21; the store supports Node 20.
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Local packages per country code. */
const localByCountry = groupBy(local, (row) => row.country_code ?? '');

// The 60 most travelled-to countries the catalogue must sell.
const TOP_DESTINATIONS = [
  ...['FR', 'ES', 'US', 'IT', 'TR', 'MX', 'GB', 'DE', 'GR', 'AT', 'JP', 'TH', 'CN', 'HK', 'MY'],
  ...['AE', 'SA', 'PT', 'NL', 'PL', 'CA', 'HR', 'HU', 'CZ', 'CH', 'SG', 'KR', 'VN', 'ID', 'IN'],
  ...['EG', 'MA', 'AU', 'NZ', 'BR', 'AR', 'CO', 'PE', 'CL', 'DO', 'CR', 'IE', 'BE', 'DK', 'SE'],
  ...['NO', 'IS', 'IL', 'JO', 'QA', 'PH', 'TW', 'ZA', 'KE', 'TZ', 'LK', 'MV', 'KH', 'RO', 'BG'],
];

describe('data/seed/esim-packages.json', () => {
  it('gives every package its own id', () => {
    const ids = rows.map((row) => row.package_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sells 3-5 local packages in at least 60 countries', () => {
    const sizes = [...localByCountry.values()].map((packages) => packages.length);
    expect(localByCountry.size).toBeGreaterThanOrEqual(60);
    expect(sizes.every((size) => size >= 3 && size <= 5)).toBe(true);
  });

  it.each(TOP_DESTINATIONS)('sells 3-5 local packages for %s', (iso2) => {
    expect(localByCountry.get(iso2)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(localByCountry.get(iso2)?.length ?? 0).toBeLessThanOrEqual(5);
  });

  it.each([
    ['Europe', 30],
    ['Asia', 10],
    ['North America', 3],
    ['Latin America', 10],
    ['Middle East', 8],
    ['Africa', 10],
    ['Caribbean', 10],
    ['Oceania', 2],
  ])('has regional packages for %s covering at least %i countries', (region, fewest) => {
    const packages = rows.filter((row) => row.kind === 'regional' && row.region === region);
    expect(packages.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...packages.map((row) => row.countries_iso3.length))).toBeGreaterThanOrEqual(fewest);
  });

  it('has 3-4 global packages covering 80-120 countries', () => {
    const global = rows.filter((row) => row.kind === 'global');
    expect(global.length).toBeGreaterThanOrEqual(3);
    expect(global.length).toBeLessThanOrEqual(4);
    for (const row of global) {
      expect(row.countries_iso3.length).toBeGreaterThanOrEqual(80);
      expect(row.countries_iso3.length).toBeLessThanOrEqual(120);
    }
  });

  it('names only real countries (ISO3 codes of countries.json)', () => {
    const unknown = rows.flatMap((row) => row.countries_iso3.filter((code) => !knownIso3.has(code)));
    expect(unknown).toEqual([]);
  });

  it("covers a local package's own country", () => {
    const mismatched = local.filter((row) => row.countries_iso3[0] !== iso3ByIso2.get(row.country_code ?? ''));
    expect(mismatched.map((row) => row.package_id)).toEqual([]);
  });

  it('costs us less than it sells for, at 55-70% of the price', () => {
    const off = rows.filter(
      (row) =>
        row.net_cost_cents >= row.price_cents ||
        row.net_cost_cents < row.price_cents * 0.55 ||
        row.net_cost_cents > row.price_cents * 0.7,
    );
    expect(off.map((row) => row.package_id)).toEqual([]);
  });

  it('prices in whole cents, in the .00/.50 steps of retail price lists', () => {
    const odd = rows.filter((row) => !Number.isInteger(row.price_cents) || row.price_cents % 50 !== 0);
    expect(odd.map((row) => row.package_id)).toEqual([]);
  });

  it('names each package after its data and days', () => {
    const misnamed = rows.filter(
      (row) => !row.package_name.endsWith(` ${formatDataAmount(row.data_gb)} · ${row.validity_days} days`),
    );
    expect(misnamed.map((row) => row.package_id)).toEqual([]);
  });

  it('makes bigger packages of a destination cheaper per gigabyte', () => {
    const byDestination = groupBy(
      rows.filter((row) => row.data_gb !== null),
      (row) => row.country_code ?? row.package_id.replace(/-[^-]+-[^-]+$/, ''),
    );
    const dearer = [...byDestination.values()].flatMap((packages) => {
      const sorted = packages.toSorted((a, b) => (a.data_gb ?? 0) - (b.data_gb ?? 0));
      return sorted.filter((row, i) => {
        const previous = sorted[i - 1];
        return (
          previous !== undefined &&
          (pricePerGbCents(row.price_cents, row.data_gb) ?? 0) >
            (pricePerGbCents(previous.price_cents, previous.data_gb) ?? 0)
        );
      });
    });
    expect(dearer.map((row) => row.package_id)).toEqual([]);
  });

  it('is all sandbox packages on sale', () => {
    expect(rows.filter((row) => row.provider !== 'sandbox' || !row.active)).toEqual([]);
  });

  it('spells every lookalike country as countries.json does', () => {
    const names = new Map(countries.map((country) => [country.country_code, country.country_name]));
    const misspelt = SIMILAR_COUNTRY_NAMES.flat().filter(
      (entry) => names.get(entry.iso2) !== entry.name && !entry.name.includes('U.S. state'),
    );
    expect(misspelt).toEqual([]);
  });
});
