// Regenerates data/seed/countries.json, country-aliases.json and region-countries.json from the
// installed world-countries package plus the override tables below.
// Run: node --import tsx scripts/generate-countries.ts
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import worldCountries from 'world-countries';
import type { z } from 'zod';
import {
  countryAliasRowSchema,
  countryRowSchema,
  normalizeAliasKey,
  regionCountryRowSchema,
  regionNames,
  seedFileSchema,
  type CountryAliasRow,
  type CountryRow,
  type RegionCountryRow,
  type RegionName,
} from '../src/domain/reference-data.ts';

const SEED_DIR = path.resolve(process.cwd(), 'data/seed');

// Names shoppers actually type. Most already match world-countries 5.1.0; they are pinned so that a
// package upgrade cannot silently rename a country that orders and aliases refer to by name.
const NAME_OVERRIDES: Readonly<Record<string, string>> = {
  US: 'United States',
  GB: 'United Kingdom',
  KR: 'South Korea',
  RU: 'Russia',
  VN: 'Vietnam',
  CZ: 'Czechia',
  TR: 'Turkey',
  MO: 'Macau',
  CI: 'Ivory Coast',
  CV: 'Cape Verde',
  SH: 'Saint Helena',
};

// Kosovo has no ISO-assigned alpha-3; world-countries uses the UN's "UNK", banks and the EU use "XKX".
const ISO3_OVERRIDES: Readonly<Record<string, string>> = { XK: 'XKX' };

// No permanent population, so nobody unlocks a phone on a local carrier there.
const INACTIVE = new Set(['AQ', 'BV', 'HM', 'GS', 'TF', 'UM', 'IO']);

const MIDDLE_EAST = new Set(['AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'IL', 'JO', 'LB', 'SY', 'IQ', 'IR', 'YE', 'PS']);

const REGION_OVERRIDES: Readonly<Record<string, string>> = { MX: 'North America', TR: 'Europe' };

const PSEUDO_COUNTRIES: readonly CountryRow[] = [
  { country_code: 'GLOBAL', country_name: 'Global', iso2: null, iso3: null, region: 'Global', active: true },
  { country_code: 'WORLDWIDE', country_name: 'Worldwide', iso2: null, iso3: null, region: 'Global', active: true },
  { country_code: 'LATAM', country_name: 'Latin America', iso2: null, iso3: null, region: 'Global', active: true },
  { country_code: 'EU-REGION', country_name: 'Europe Region', iso2: null, iso3: null, region: 'Global', active: true },
  { country_code: 'ALL', country_name: 'All Countries', iso2: null, iso3: null, region: 'Global', active: true },
];

// Spellings in world-countries that are words or demonyms rather than names ("Prathet" means
// "country", "Island" is Icelandic), or that shoppers use for two places (both Congos, both Virgin
// Islands, Guyana and French Guiana): an alias must resolve to exactly one country.
const SKIPPED_SPELLINGS = new Set([
  'Prathet',
  'Togolese',
  'Mexicanos',
  'Portuguesa',
  'Island',
  'Congo',
  'Virgin Islands',
  'Guiana',
]);

// Listed before the generated aliases so that, among spellings with the same key, these forms win.
const CURATED_ALIASES: ReadonlyArray<readonly [alias: string, countryCode: string]> = [
  ['USA', 'US'],
  ['US', 'US'],
  ['U.S.', 'US'],
  ['U.S.A.', 'US'],
  ['United States of America', 'US'],
  ['America', 'US'],
  ['UK', 'GB'],
  ['U.K.', 'GB'],
  ['Great Britain', 'GB'],
  ['Britain', 'GB'],
  ['England', 'GB'],
  ['Scotland', 'GB'],
  ['Wales', 'GB'],
  ['Northern Ireland', 'GB'],
  ['Holland', 'NL'],
  ['The Netherlands', 'NL'],
  ['Korea', 'KR'],
  ['Republic of Korea', 'KR'],
  ['Korea, South', 'KR'],
  ['UAE', 'AE'],
  ['Emirates', 'AE'],
  ['Deutschland', 'DE'],
  // Names in the country's own language, as supplier lists write them ("Orange Polska", issue 44).
  ['Polska', 'PL'],
  ['Italia', 'IT'],
  ['Sverige', 'SE'],
  ['Norge', 'NO'],
  ['Danmark', 'DK'],
  ['Suomi', 'FI'],
  ['Schweiz', 'CH'],
  ['Nederland', 'NL'],
  ['España', 'ES'],
  ['Espana', 'ES'],
  ['México', 'MX'],
  ['Brasil', 'BR'],
  ['Türkiye', 'TR'],
  ['Turkey', 'TR'],
  ['Czech Republic', 'CZ'],
  ['Czech', 'CZ'],
  ['Russian Federation', 'RU'],
  ['Viet Nam', 'VN'],
  ['Ivory Coast', 'CI'],
  ["Côte d'Ivoire", 'CI'],
  ['Hong Kong SAR', 'HK'],
  ['Macau', 'MO'],
  ['Macao', 'MO'],
  ['Macau SAR', 'MO'],
  ['KSA', 'SA'],
  ['PRC', 'CN'],
  ['Mainland China', 'CN'],
  ['Bosnia', 'BA'],
  ['Cabo Verde', 'CV'],
  ['The Gambia', 'GM'],
  ['Vatican', 'VA'],
  ['Palestinian Territories', 'PS'],
  ['Trinidad', 'TT'],
  ['Antigua', 'AG'],
  ['St Kitts and Nevis', 'KN'],
  ['St Lucia', 'LC'],
  ['St Vincent and the Grenadines', 'VC'],
  ['US Virgin Islands', 'VI'],
  ['USVI', 'VI'],
  ['BVI', 'VG'],
  ['Falklands', 'FK'],
  ['DRC', 'CD'],
];

// Spec: "Asia Pacific" is Asia east of Iran plus Oceania; Central Asia and the Caucasus are left out.
const ASIA_PACIFIC_SUBREGIONS = new Set(['Eastern Asia', 'South-Eastern Asia', 'Southern Asia']);

const EUROPEAN_UNION = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

// Spanish- and Portuguese-speaking islands; the rest of the Caribbean is not Latin America.
const LATIN_CARIBBEAN = new Set(['CU', 'DO', 'PR']);

function isLatinScript(text: string): boolean {
  const letters = text.normalize('NFKD').replace(/\p{M}/gu, '').match(/\p{L}/gu) ?? [];
  // IPA letters count as Latin script, but they spell a pronunciation, not a name.
  return letters.every((letter) => /\p{Script=Latin}/u.test(letter) && !/[\u0250-\u02AF]/u.test(letter));
}

function regionOf(country: (typeof worldCountries)[number]): string {
  const override = REGION_OVERRIDES[country.cca2];
  if (override) return override;
  if (MIDDLE_EAST.has(country.cca2)) return 'Middle East';
  if (country.region === 'Americas') return country.subregion;
  return country.region;
}

function buildCountries(): CountryRow[] {
  const real = worldCountries.map(
    (country): CountryRow => ({
      country_code: country.cca2,
      country_name: NAME_OVERRIDES[country.cca2] ?? country.name.common,
      iso2: country.cca2,
      iso3: ISO3_OVERRIDES[country.cca2] ?? country.cca3,
      region: regionOf(country),
      active: !INACTIVE.has(country.cca2),
    }),
  );
  real.sort((a, b) => a.country_code.localeCompare(b.country_code));
  return [...real, ...PSEUDO_COUNTRIES];
}

function buildCountryAliases(countries: readonly CountryRow[]): CountryAliasRow[] {
  const rows: CountryAliasRow[] = [];
  const ownerByKey = new Map<string, string>();
  // A name or code of one country must never resolve to another one through an alias.
  for (const country of countries) {
    for (const text of [country.country_name, country.iso2, country.iso3, country.country_code]) {
      if (text) ownerByKey.set(normalizeAliasKey(text), country.country_code);
    }
  }
  const seen = new Set<string>();

  const add = (alias: string, countryCode: string, curated: boolean): void => {
    const trimmed = alias.trim();
    const key = normalizeAliasKey(trimmed);
    if (key.length === 0 || seen.has(key)) return;
    if (!curated && SKIPPED_SPELLINGS.has(trimmed)) return;
    const owner = ownerByKey.get(key);
    if (owner !== undefined && owner !== countryCode) {
      throw new Error(`Alias "${trimmed}" for ${countryCode} collides with ${owner}`);
    }
    // Generated spellings identical to the displayed name add nothing; curated ones are kept on purpose.
    const ownName = countries.find((c) => c.country_code === countryCode)?.country_name ?? '';
    if (!curated && key === normalizeAliasKey(ownName)) return;
    seen.add(key);
    ownerByKey.set(key, countryCode);
    rows.push({ alias: trimmed, country_code: countryCode });
  };

  for (const [alias, code] of CURATED_ALIASES) add(alias, code, true);
  for (const country of worldCountries) {
    const code = country.cca2;
    add(ISO3_OVERRIDES[code] ?? country.cca3, code, false);
    add(country.name.common, code, false);
    add(country.name.official, code, false);
    for (const spelling of country.altSpellings) {
      if (spelling.length === 2 && spelling.toUpperCase() === code) continue;
      if (!isLatinScript(spelling)) continue;
      add(spelling, code, false);
    }
  }
  return rows.sort((a, b) => a.country_code.localeCompare(b.country_code) || a.alias.localeCompare(b.alias, 'en'));
}

function buildRegionCountries(countries: readonly CountryRow[]): RegionCountryRow[] {
  const byCode = new Map(worldCountries.map((country) => [country.cca2, country]));
  const members = (country: CountryRow): RegionName[] => {
    const source = byCode.get(country.country_code);
    if (!source) return [];
    const regions: RegionName[] = [];
    const push = (region: RegionName, when: boolean): void => {
      if (when) regions.push(region);
    };
    push('Europe', country.region === 'Europe');
    push('European Union', EUROPEAN_UNION.has(country.country_code));
    push('North America', country.region === 'North America');
    push(
      'Latin America',
      country.country_code === 'MX' ||
        country.region === 'Central America' ||
        country.region === 'South America' ||
        LATIN_CARIBBEAN.has(country.country_code),
    );
    push('Caribbean', country.region === 'Caribbean');
    push('Middle East', country.region === 'Middle East');
    push('Asia', country.region === 'Asia');
    push(
      'Asia Pacific',
      (country.region === 'Asia' && ASIA_PACIFIC_SUBREGIONS.has(source.subregion)) || country.region === 'Oceania',
    );
    push('Africa', country.region === 'Africa');
    push('Oceania', country.region === 'Oceania');
    return regions;
  };

  const rows: RegionCountryRow[] = [];
  for (const country of countries) {
    if (!country.active || country.iso2 === null) continue;
    for (const region of members(country)) {
      rows.push({ region, country_code: country.country_code, country_name: country.country_name });
    }
  }
  const order = new Map<string, number>(regionNames.map((name, index) => [name, index]));
  return rows.sort(
    (a, b) =>
      (order.get(a.region) ?? 0) - (order.get(b.region) ?? 0) || a.country_name.localeCompare(b.country_name, 'en'),
  );
}

// One row per line keeps diffs of the seed files reviewable; data/ is outside Prettier's reach.
function serializeSeed(source: string, rows: readonly object[]): string {
  const line = (row: object): string =>
    `{ ${Object.entries(row)
      .map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`)
      .join(', ')} }`;
  return `{\n  "source": ${JSON.stringify(source)},\n  "rows": [\n${rows.map((row) => `    ${line(row)}`).join(',\n')}\n  ]\n}\n`;
}

async function writeSeed<Row extends z.ZodType<object>>(
  fileName: string,
  rowSchema: Row,
  source: string,
  rows: readonly z.infer<Row>[],
): Promise<void> {
  const file = seedFileSchema(rowSchema).parse({ source, rows });
  await writeFile(path.join(SEED_DIR, fileName), serializeSeed(file.source, file.rows), 'utf8');
  console.log(`${fileName}: ${file.rows.length} rows`);
}

const WORLD_COUNTRIES = 'world-countries 5.1.0 npm package (mledoze/countries, ODbL-1.0)';

async function main(): Promise<void> {
  const countries = buildCountries();
  await writeSeed(
    'countries.json',
    countryRowSchema,
    `Generated by scripts/generate-countries.ts from the ${WORLD_COUNTRIES}; keep this attribution and share derived data alike. We override a few names to what shoppers type, put the Gulf and Levant in "Middle East", split the Americas by subregion, mark uninhabited territories inactive and add the pseudo entries GLOBAL, WORLDWIDE, LATAM, EU-REGION and ALL that the unlock form hides.`,
    countries,
  );
  await writeSeed(
    'country-aliases.json',
    countryAliasRowSchema,
    `Generated by scripts/generate-countries.ts from the ${WORLD_COUNTRIES}: ISO3 codes, official names and Latin-script alternative spellings, plus our curated list of what shoppers type (USA, UK, Holland, Deutschland, ...). Aliases are unique by normalizeAliasKey; ambiguous or generic spellings (Congo, Virgin Islands, Island) are left out.`,
    buildCountryAliases(countries),
  );
  await writeSeed(
    'region-countries.json',
    regionCountryRowSchema,
    `Generated by scripts/generate-countries.ts from the regions of countries.json (${WORLD_COUNTRIES}), leaving out inactive territories. Curated lists add the 27 EU members, Latin America (Mexico, Central and South America, Cuba, Dominican Republic, Puerto Rico) and Asia Pacific (South, South-East and East Asia plus Oceania).`,
    buildRegionCountries(countries),
  );
}

await main();
