// The seed-row checks read data/seed from disk; the code under test imports nothing but itself.
// eslint-disable-next-line no-restricted-imports -- test-only file access, see above
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- test-only file access, see above
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Check,
  isBrandAliasRow,
  isBrandRow,
  isCarrierAliasRow,
  isCarrierRow,
  isCountryAliasRow,
  isCountryRow,
  isMe,
  isRegionCountryRow,
  listOf,
} from './answer-checks.ts';
import { meSchema } from './me.ts';
import {
  brandAliasRowSchema,
  brandRowSchema,
  carrierAliasRowSchema,
  carrierRowSchema,
  countryAliasRowSchema,
  countryRowSchema,
  regionCountryRowSchema,
} from './reference-data.ts';

/** Values no field of these answers takes, and some that only some fields take. */
const ODD_VALUES: readonly unknown[] = [
  undefined,
  null,
  0,
  1.5,
  true,
  false,
  '',
  '   ',
  'x',
  'US',
  'USA',
  'us',
  'GLOBAL',
  'EU-REGION',
  'att-us',
  'AT&T',
  '-att',
  'region',
  'mno',
  'Europe',
  'europe',
  '\u0000',
  [],
  {},
  ['US'],
];

/** The answer with each field in turn removed, given each odd value, and with a field too many. */
function variants(valid: Record<string, unknown>): unknown[] {
  const keys = Object.keys(valid);
  return [
    valid,
    { ...valid, extra: 1 },
    ...keys.map((key) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key))),
    ...keys.flatMap((key) => ODD_VALUES.map((value) => ({ ...valid, [key]: value }))),
    ...ODD_VALUES,
  ];
}

const seedRows = (file: string): Record<string, unknown>[] =>
  (JSON.parse(readFileSync(join(process.cwd(), 'data/seed', file), 'utf8')) as { rows: Record<string, unknown>[] })
    .rows;

const CASES: readonly {
  name: string;
  check: Check<unknown>;
  schema: z.ZodType;
  samples: Record<string, unknown>[];
  seed?: string;
}[] = [
  {
    name: 'me',
    check: isMe,
    schema: meSchema,
    samples: [
      { user: null, isAdmin: false },
      { user: { id: 'u1', email: 'ada@example.com' }, isAdmin: true },
      { user: { id: 'u1', email: 'ada@example.com', name: 'Ada' }, isAdmin: false },
    ],
  },
  {
    name: 'country row',
    check: isCountryRow,
    schema: countryRowSchema,
    seed: 'countries.json',
    samples: [
      {
        country_code: 'US',
        country_name: 'United States',
        iso2: 'US',
        iso3: 'USA',
        region: 'North America',
        active: true,
      },
      { country_code: 'EU-REGION', country_name: 'Europe', iso2: null, iso3: null, region: 'Europe', active: false },
    ],
  },
  {
    name: 'carrier row',
    check: isCarrierRow,
    schema: carrierRowSchema,
    seed: 'carriers.json',
    samples: [
      { carrier_slug: 'att-us', carrier_name: 'AT&T', country_code: 'US', carrier_type: 'mno', active: true },
      { carrier_slug: 'europe', carrier_name: 'Europe', country_code: null, carrier_type: 'region', active: true },
      { carrier_slug: 'eu', carrier_name: 'Europe', country_code: 'DE', carrier_type: 'region', active: true },
      { carrier_slug: 'att-us', carrier_name: 'AT&T', country_code: null, carrier_type: 'mvno', active: true },
    ],
  },
  {
    name: 'brand row',
    check: isBrandRow,
    schema: brandRowSchema,
    seed: 'brands.json',
    samples: [{ brand_slug: 'apple', brand_name: 'Apple', brand_family: 'Apple', manufacturer: 'Apple', active: true }],
  },
  {
    name: 'country alias row',
    check: isCountryAliasRow,
    schema: countryAliasRowSchema,
    seed: 'country-aliases.json',
    samples: [
      { alias: 'USA', country_code: 'US' },
      { alias: 'Europe', country_code: 'EU-REGION' },
    ],
  },
  {
    name: 'carrier alias row',
    check: isCarrierAliasRow,
    schema: carrierAliasRowSchema,
    seed: 'carrier-aliases.json',
    samples: [
      { alias: 'ATT', carrier_slug: 'att-us', country_code: 'US' },
      { alias: 'Vodafone Group', carrier_slug: 'vodafone', country_code: null },
    ],
  },
  {
    name: 'brand alias row',
    check: isBrandAliasRow,
    schema: brandAliasRowSchema,
    seed: 'brand-aliases.json',
    samples: [{ alias: 'iPhone', brand_slug: 'apple' }],
  },
  {
    name: 'region country row',
    check: isRegionCountryRow,
    schema: regionCountryRowSchema,
    seed: 'region-countries.json',
    samples: [{ region: 'European Union', country_code: 'DE', country_name: 'Germany' }],
  },
];

describe('the zod-free checks of the start-up answers accept what their schemas accept', () => {
  describe.each(CASES)('$name', ({ check, schema, samples }) => {
    it('agrees on every variant of its samples', () => {
      const cases = samples.flatMap(variants);
      const disagreements = cases.filter((value) => check(value) !== schema.safeParse(value).success);
      expect(disagreements).toEqual([]);
      // The table holds both answers the schema takes and answers it refuses.
      expect(cases.some((value) => check(value))).toBe(true);
      expect(cases.some((value) => !check(value))).toBe(true);
    });

    it('reads a list as a list of its schema does', () => {
      const [valid] = samples;
      for (const value of [
        [],
        [valid],
        [valid, valid],
        [valid, { ...valid, extra: 1 }],
        [valid, null],
        {},
        null,
        'x',
      ]) {
        expect(listOf(check)(value)).toBe(z.array(schema).safeParse(value).success);
      }
    });
  });
});

describe.each(CASES.filter((entry) => entry.seed))('the $name check', ({ check, schema, seed }) => {
  it('takes every row of its seed file, as its schema does', () => {
    const rows = seedRows(seed!);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !check(row))).toEqual([]);
    expect(rows.filter((row) => !schema.safeParse(row).success)).toEqual([]);
  });
});
