import { describe, expect, it } from 'vitest';
import {
  type DeviceMatch,
  iphoneSeriesOf,
  matchSkus,
  matchTools,
  samsungSeriesOf,
  type SkuRow,
  type ToolRow,
} from './matching.ts';

const device = (overrides: Partial<DeviceMatch> = {}): DeviceMatch => ({
  brandSlug: 'apple',
  carrierSlugs: ['att-us'],
  countryCode: 'US',
  series: 15,
  modelSeries: null,
  ...overrides,
});

const sku = (code: string, overrides: Partial<SkuRow> = {}) => ({
  code,
  brandSlug: 'apple',
  carrierSlug: 'att-us',
  countryCode: 'US',
  seriesMin: null,
  seriesMax: null,
  priceCents: 4999,
  ...overrides,
});

const tool = (id: string, overrides: Partial<ToolRow> = {}) => ({
  id,
  brandSlug: 'apple',
  carrierSlug: 'att-us',
  countryCode: 'US',
  seriesMin: null,
  seriesMax: null,
  modelSeries: null,
  ...overrides,
});

describe('matchSkus', () => {
  it.each([
    {
      case: 'the narrowest range first',
      skus: [sku('all'), sku('13-17', { seriesMin: 13, seriesMax: 17 })],
      input: device(),
      expected: ['13-17', 'all'],
    },
    {
      case: 'a range that misses the series is left out',
      skus: [sku('4-12', { seriesMin: 4, seriesMax: 12 })],
      input: device(),
      expected: [],
    },
    {
      case: 'an unknown model only matches range-free SKUs',
      skus: [sku('all'), sku('13-17', { seriesMin: 13, seriesMax: 17 })],
      input: device({ series: null }),
      expected: ['all'],
    },
    {
      case: 'another carrier is left out',
      skus: [sku('tmo', { carrierSlug: 't-mobile-us' })],
      input: device(),
      expected: [],
    },
    {
      case: 'any of several carriers matches',
      skus: [sku('tmo', { carrierSlug: 't-mobile-us' })],
      input: device({ carrierSlugs: ['verizon', 't-mobile-us'] }),
      expected: ['tmo'],
    },
    { case: 'another country is left out', skus: [sku('uk', { countryCode: 'GB' })], input: device(), expected: [] },
    {
      case: 'cheaper first at equal width',
      skus: [sku('dear', { priceCents: 5999 }), sku('cheap', { priceCents: 3999 })],
      input: device(),
      expected: ['cheap', 'dear'],
    },
  ])('$case', ({ skus, input, expected }) => {
    expect(matchSkus(skus, input).map((row) => row.code)).toEqual(expected);
  });
});

describe('matchTools', () => {
  it.each([
    {
      case: 'a null brand or country means any',
      tools: [tool('any', { brandSlug: null, countryCode: null })],
      input: device(),
      expected: ['any'],
    },
    {
      case: 'a tool without a carrier never matches',
      tools: [tool('none', { carrierSlug: null })],
      input: device(),
      expected: [],
    },
    {
      case: 'series range must hold the known series',
      tools: [tool('old', { seriesMin: 4, seriesMax: 12 }), tool('new', { seriesMin: 13, seriesMax: 17 })],
      input: device(),
      expected: ['new'],
    },
    {
      case: 'an unknown series keeps every range',
      tools: [tool('old', { seriesMin: 4, seriesMax: 12 }), tool('new', { seriesMin: 13, seriesMax: 17 })],
      input: device({ series: null }),
      expected: ['old', 'new'],
    },
    {
      case: 'Samsung series must be listed',
      tools: [
        tool('a', { brandSlug: 'samsung', modelSeries: ['Galaxy A'] }),
        tool('s', { brandSlug: 'samsung', modelSeries: ['Galaxy S', 'Galaxy Z'] }),
      ],
      input: device({ brandSlug: 'samsung', series: null, modelSeries: 'Galaxy Z' }),
      expected: ['s'],
    },
  ])('$case', ({ tools, input, expected }) => {
    expect(matchTools(tools, input).map((row) => row.id)).toEqual(expected);
  });
});

describe('series of a model', () => {
  const iphones = new Map([['iphone se (3rd generation)', 13]]);
  const samsungs = new Map([['galaxy z fold6', 'Galaxy Z']]);
  it.each([
    ['iPhone SE (3rd generation)', 13],
    ['iPhone 15 Pro Max', 15],
    ['iphone15', 15],
    ['Pixel 8', null],
  ])('iPhone %s → %s', (model, expected) => expect(iphoneSeriesOf(model, iphones)).toBe(expected));
  it.each([
    ['Galaxy Z Fold6', 'Galaxy Z'],
    ['galaxy s24 ultra', 'Galaxy S'],
    ['Galaxy Note 20', 'Galaxy Note'],
    ['Galaxy A55', 'Galaxy A'],
    ['Xcover', null],
  ])('Samsung %s → %s', (model, expected) => expect(samsungSeriesOf(model, samsungs)).toBe(expected));
});
