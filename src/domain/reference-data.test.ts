import { describe, it, expect } from 'vitest';
import {
  BUILT_IN_MODEL_BRANDS,
  carrierRowSchema,
  countryRowSchema,
  normalizeAliasKey,
  seedFileSchema,
} from './reference-data.ts';

describe('normalizeAliasKey', () => {
  it.each([
    ['AT&T', 'atandt'],
    ['AT and T', 'atandt'],
    [' T-Mobile USA ', 'tmobileusa'],
    ['T Mobile USA', 'tmobileusa'],
    ['México', 'mexico'],
    ['Türkiye', 'turkiye'],
    ["Côte d'Ivoire", 'cotedivoire'],
    ['U.S.', 'us'],
    ['Y!mobile', 'ymobile'],
    ['1+', '1'],
    ['ＵＳＡ', 'usa'],
    ['中国移动', '中国移动'],
    ['', ''],
    ['  -- ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeAliasKey(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const input of ['AT&T Mobility', 'Vidéotron', 'e& (Etisalat UAE)']) {
      const once = normalizeAliasKey(input);
      expect(normalizeAliasKey(once)).toBe(once);
    }
  });
});

describe('row schemas', () => {
  it.each([
    [{ carrier_slug: 'att-us', carrier_name: 'AT&T', country_code: 'US', carrier_type: 'mno', active: true }, true],
    [
      {
        carrier_slug: 'europe-region',
        carrier_name: 'Europe',
        country_code: null,
        carrier_type: 'region',
        active: true,
      },
      true,
    ],
    [{ carrier_slug: 'att-us', carrier_name: 'AT&T', country_code: null, carrier_type: 'mno', active: true }, false],
    [{ carrier_slug: 'eu', carrier_name: 'Europe', country_code: 'DE', carrier_type: 'region', active: true }, false],
    [{ carrier_slug: 'AT&T', carrier_name: 'AT&T', country_code: 'US', carrier_type: 'mno', active: true }, false],
    [{ carrier_slug: 'att-us', carrier_name: 'AT&T', country_code: 'usa', carrier_type: 'mno', active: true }, false],
  ])('carrier %j valid: %s', (row, valid) => {
    expect(carrierRowSchema.safeParse(row).success).toBe(valid);
  });

  it.each([
    [
      {
        country_code: 'US',
        country_name: 'United States',
        iso2: 'US',
        iso3: 'USA',
        region: 'North America',
        active: true,
      },
      true,
    ],
    [
      {
        country_code: 'EU-REGION',
        country_name: 'Europe Region',
        iso2: null,
        iso3: null,
        region: 'Global',
        active: true,
      },
      true,
    ],
    [
      {
        country_code: 'us',
        country_name: 'United States',
        iso2: 'US',
        iso3: 'USA',
        region: 'North America',
        active: true,
      },
      false,
    ],
    [
      {
        country_code: 'US',
        country_name: 'United States',
        iso2: 'US',
        iso3: 'USA',
        region: 'North America',
        active: true,
        extra: 1,
      },
      false,
    ],
  ])('country %j valid: %s', (row, valid) => {
    expect(countryRowSchema.safeParse(row).success).toBe(valid);
  });

  it('requires a source note and at least one row in a seed file', () => {
    const schema = seedFileSchema(countryRowSchema);
    expect(schema.safeParse({ source: 'too short', rows: [] }).success).toBe(false);
    expect(schema.safeParse({ source: 'A source note long enough to explain.', rows: [] }).success).toBe(false);
  });
});

describe('brand constants', () => {
  it('lists the 28 built-in model brands once each', () => {
    expect(BUILT_IN_MODEL_BRANDS).toHaveLength(28);
    expect(new Set(BUILT_IN_MODEL_BRANDS.map(normalizeAliasKey)).size).toBe(28);
  });
});
