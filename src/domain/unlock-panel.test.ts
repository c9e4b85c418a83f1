import { describe, expect, it } from 'vitest';
import {
  canRequestQuote,
  carrierRegion,
  carrierSelectionText,
  carriersForCountry,
  isEmailValid,
  modelListBrand,
  regionCountriesText,
  regionCountryCounts,
  type PickerCarrier,
} from './unlock-panel.ts';
import { unlockPanelSchema } from './unlock-panel-schema.ts';
import { quoteRequestFromInputs, quoteRequestSchema, shouldRequestQuote } from './quote.ts';

describe('modelListBrand', () => {
  it.each([
    { brand: 'Apple', expected: 'Apple' },
    { brand: ' apple ', expected: 'Apple' },
    { brand: 'Apple iPhone', expected: 'Apple' },
    { brand: 'Samsung', expected: 'Samsung' },
    { brand: 'samsung  galaxy', expected: 'Samsung' },
    { brand: 'Sony', expected: null },
    { brand: 'Google', expected: null },
    { brand: '', expected: null },
  ])('$brand → $expected', ({ brand, expected }) => {
    expect(modelListBrand(brand)).toBe(expected);
  });
});

const complete = {
  imei: '490154203237518',
  brand: 'Apple',
  model: 'iPhone 15',
  carrier: 'att-us',
  country: 'US',
  email: 'jane@example.com',
  agreeToTerms: true,
};

function messages(input: Record<string, unknown>): Record<string, string> {
  const result = unlockPanelSchema(String(input.brand ?? '')).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('unlockPanelSchema', () => {
  it.each([
    { case: 'Apple without a model', input: { ...complete, model: '' }, expected: { model: 'Please select a model' } },
    {
      case: 'Samsung without a model',
      input: { ...complete, brand: 'Samsung', model: '' },
      expected: { model: 'Please select a model' },
    },
    { case: 'Sony without a model (no model field)', input: { ...complete, brand: 'Sony', model: '' }, expected: {} },
    { case: 'a complete Apple order', input: complete, expected: {} },
    {
      case: 'an empty email (the field is required)',
      input: { ...complete, email: '' },
      expected: { email: 'Please enter a valid email address' },
    },
    {
      case: 'a bad checksum',
      input: { ...complete, imei: '356938035643808' },
      expected: { imei: 'Invalid IMEI number' },
    },
    {
      case: 'nothing filled in',
      input: { imei: '', brand: '', model: '', carrier: '', country: '', email: '', agreeToTerms: false },
      expected: {
        imei: 'IMEI must be 15 digits',
        brand: 'Please select a brand',
        carrier: 'Please select your current carrier',
        country: 'Please select your country',
        email: 'Please enter a valid email address',
        agreeToTerms: 'You must agree to the terms',
      },
    },
  ])('$case', ({ input, expected }) => {
    expect(messages(input)).toEqual(expected);
  });

  it('returns the cleaned order', () => {
    expect(
      unlockPanelSchema('Sony').parse({ ...complete, brand: 'Sony', model: '', email: ' jane@example.com ' }),
    ).toEqual({ ...complete, brand: 'Sony', model: '' });
  });
});

describe('isEmailValid', () => {
  it.each([
    { email: 'jane@example.com', expected: true },
    { email: ' jane@example.com ', expected: true },
    { email: 'jane@', expected: false },
    { email: 'jane.example.com', expected: false },
    { email: '', expected: false },
  ])('$email → $expected', ({ email, expected }) => {
    expect(isEmailValid(email)).toBe(expected);
  });
});

describe('canRequestQuote', () => {
  const inputs = { imei: '3569380356', brand: 'Apple', model: '', carrier: 'att-us', country: 'US' };
  it.each([
    { case: '10 digits and every field', change: {}, expected: true },
    { case: 'a full valid IMEI', change: { imei: '356938035643809' }, expected: true },
    { case: '9 digits', change: { imei: '356938035' }, expected: false },
    { case: 'a full IMEI with a bad checksum', change: { imei: '356938035643808' }, expected: false },
    { case: 'a serial number', change: { imei: 'F2LXK1ABCDEF' }, expected: false },
    { case: 'no brand', change: { brand: '' }, expected: false },
    { case: 'no carrier', change: { carrier: '' }, expected: false },
    { case: 'no country', change: { country: '' }, expected: false },
    { case: 'a brand of spaces', change: { brand: '   ' }, expected: false },
    { case: 'a brand too long', change: { brand: 'x'.repeat(101) }, expected: false },
    { case: 'a brand as long as allowed', change: { brand: 'x'.repeat(100) }, expected: true },
    { case: 'a model too long', change: { model: 'x'.repeat(101) }, expected: false },
    { case: 'a model with NUL', change: { model: 'iPhone\u0000' }, expected: false },
    { case: 'a country with a lone surrogate', change: { country: 'US\ud800' }, expected: false },
    { case: 'carriers as long as allowed', change: { carrier: 'c'.repeat(500) }, expected: true },
    { case: 'carriers too long', change: { carrier: 'c'.repeat(501) }, expected: false },
    { case: 'an IMEI with spaces', change: { imei: '35 693803 564380 9' }, expected: true },
    { case: '16 digits', change: { imei: '3569380356438091' }, expected: true },
    { case: 'a carrier list of commas', change: { carrier: ',,' }, expected: false },
  ])('$case → $expected, as the quote schema says', ({ change, expected }) => {
    const given = { ...inputs, ...change };
    expect(canRequestQuote(given)).toBe(expected);
    // Without zod, the same answer as the server's schema (ADR 097).
    const schemaSays = shouldRequestQuote(given) && quoteRequestSchema.safeParse(quoteRequestFromInputs(given)).success;
    expect(schemaSays).toBe(expected);
  });
});

const carrier = (
  carrier_slug: string,
  carrier_name: string,
  country_code: string | null,
  carrier_type: PickerCarrier['carrier_type'] = 'mno',
): PickerCarrier => ({ carrier_slug, carrier_name, country_code, carrier_type });

const CARRIERS = [
  carrier('att-us', 'AT&T', 'US'),
  carrier('europe-region', 'Europe (All Networks)', null, 'region'),
  carrier('north-america-region', 'North America (All Networks)', null, 'region'),
  carrier('telcel', 'Telcel', 'MX'),
  carrier('t-mobile-us', 'T-Mobile', 'US'),
  carrier('visible', 'Visible', 'US', 'mvno'),
  carrier('worldwide-region', 'Worldwide (All Networks)', null, 'region'),
];

const REGION_ROWS = [
  { region: 'North America', country_code: 'US' },
  { region: 'North America', country_code: 'CA' },
  { region: 'North America', country_code: 'MX' },
  { region: 'Europe', country_code: 'FR' },
  { region: 'Europe', country_code: 'DE' },
];

const slugs = (rows: readonly PickerCarrier[]) => rows.map((row) => row.carrier_slug);

describe('carriersForCountry', () => {
  it.each([
    {
      case: 'the US: its carriers, then the regions covering it',
      country: 'US',
      rows: REGION_ROWS,
      expected: ['att-us', 't-mobile-us', 'visible', 'north-america-region', 'worldwide-region'],
    },
    {
      case: 'France: only region carriers',
      country: 'FR',
      rows: REGION_ROWS,
      expected: ['europe-region', 'worldwide-region'],
    },
    {
      case: 'no region mapping loaded: every region is offered',
      country: 'MX',
      rows: [],
      expected: ['telcel', 'europe-region', 'north-america-region', 'worldwide-region'],
    },
    { case: 'no country yet', country: '', rows: REGION_ROWS, expected: [] },
  ])('$case', ({ country, rows, expected }) => {
    expect(slugs(carriersForCountry(CARRIERS, country, rows))).toEqual(expected);
  });
});

describe('region carriers', () => {
  const counts = regionCountryCounts(REGION_ROWS);

  it('names the region a region carrier covers', () => {
    expect(carrierRegion(carrier('europe-region', 'Europe (All Networks)', null, 'region'))).toBe('Europe');
    expect(carrierRegion(carrier('att-us', 'AT&T', 'US'))).toBeNull();
  });

  it.each([
    {
      case: 'a region of 3',
      row: carrier('north-america-region', 'North America (All Networks)', null, 'region'),
      expected: '3 countries',
    },
    {
      case: 'a region without a mapping',
      row: carrier('worldwide-region', 'Worldwide (All Networks)', null, 'region'),
      expected: null,
    },
    { case: 'a country carrier', row: carrier('att-us', 'AT&T', 'US'), expected: null },
  ])('$case → $expected', ({ row, expected }) => {
    expect(regionCountriesText(row, counts)).toBe(expected);
  });

  it('does not count a region of one country as several', () => {
    const one = regionCountryCounts([{ region: 'Oceania', country_code: 'AU' }]);
    expect(regionCountriesText(carrier('oceania-region', 'Oceania (All Networks)', null, 'region'), one)).toBeNull();
  });
});

describe('carrierSelectionText', () => {
  it.each([
    { names: [], expected: null },
    { names: ['AT&T'], expected: 'AT&T' },
    { names: ['AT&T', 'T-Mobile'], expected: '2 carriers selected' },
    { names: ['AT&T', 'T-Mobile', 'Visible'], expected: '3 carriers selected' },
  ])('$names → $expected', ({ names, expected }) => {
    expect(carrierSelectionText(names)).toBe(expected);
  });
});
