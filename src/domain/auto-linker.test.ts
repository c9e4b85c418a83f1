import { describe, expect, it } from 'vitest';
import {
  AUTO_LINK_MARGIN,
  AUTO_LINK_SCORE,
  confidentUnlock,
  decodeEntities,
  iphoneSeriesOfName,
  linkerVocabulary,
  linkService,
  parseLinkLabel,
  readingMatches,
  unreadWords,
} from './auto-linker.ts';
import { buildNormalisationIndex } from './normalisation-index.ts';

// A small catalogue of our own, so each rule is seen on its own (the labelled set runs on data/seed
// in src/server/modules/quotes/auto-linker.test.ts).
const vocabulary = linkerVocabulary(
  buildNormalisationIndex({
    countries: [
      { country_code: 'US', country_name: 'United States', iso3: 'USA' },
      { country_code: 'GB', country_name: 'United Kingdom', iso3: 'GBR' },
      { country_code: 'DE', country_name: 'Germany', iso3: 'DEU' },
      { country_code: 'KW', country_name: 'Kuwait', iso3: 'KWT' },
      { country_code: 'TO', country_name: 'Tonga', iso3: 'TON' },
      { country_code: 'BR', country_name: 'Brazil', iso3: 'BRA' },
    ],
    countryAliases: [{ alias: 'UK', country_code: 'GB' }],
    brands: [
      { brand_slug: 'apple', brand_name: 'Apple' },
      { brand_slug: 'samsung', brand_name: 'Samsung' },
      { brand_slug: 'vivo', brand_name: 'vivo' },
    ],
    brandAliases: [
      { alias: 'iPhone', brand_slug: 'apple' },
      { alias: 'Galaxy', brand_slug: 'samsung' },
    ],
    carriers: [
      { carrier_slug: 'att-us', carrier_name: 'AT&T', country_code: 'US' },
      { carrier_slug: 't-mobile-us', carrier_name: 'T-Mobile', country_code: 'US' },
      { carrier_slug: 'metro-by-t-mobile', carrier_name: 'Metro by T-Mobile', country_code: 'US' },
      { carrier_slug: 'verizon', carrier_name: 'Verizon', country_code: 'US' },
      { carrier_slug: 'vodafone-uk', carrier_name: 'Vodafone UK', country_code: 'GB' },
      { carrier_slug: 'vodafone-de', carrier_name: 'Vodafone Germany', country_code: 'DE' },
      { carrier_slug: 'zain-kw', carrier_name: 'Zain Kuwait', country_code: 'KW' },
      { carrier_slug: 'vivo-br', carrier_name: 'Vivo', country_code: 'BR' },
      { carrier_slug: 'worldwide-region', carrier_name: 'Worldwide (All Networks)', country_code: null },
    ],
    carrierAliases: [
      { alias: 'ATT', carrier_slug: 'att-us' },
      { alias: 'Vodafone', carrier_slug: 'vodafone-uk' },
      { alias: 'Vodafone', carrier_slug: 'vodafone-de' },
      { alias: 'Metro PCS', carrier_slug: 'metro-by-t-mobile' },
      { alias: 'Worldwide', carrier_slug: 'worldwide-region' },
    ],
  }),
);

const read = (name: string, group = '') => linkService(name, group, vocabulary);

describe('reading a service name', () => {
  it.each([
    ['USA - AT&T iPhone 13 to 16 Pro Max Premium Clean 1-3 Days', 'U apple US att-us 13-16'],
    ['T-Mobile/Metro PCS USA - iPhone (All Models) - Clean', 'U apple US t-mobile-us *'],
    ['Metro PCS / T-Mobile USA iPhone 12-16', 'U apple US metro-by-t-mobile 12-16'],
    ['Metro by T-Mobile iPhone 7 to 15 Pro Max', 'U apple US metro-by-t-mobile 7-15'],
    ['ATT USA IPHONE 6 TO 15 PRO MAX', 'U apple US att-us 6-15'],
    ['Verizion USA iPhone 12 - 15 Premium', 'U apple US verizon 12-15'],
    ['Vodaphone UK iPhone 12 to 16', 'U apple GB vodafone-uk 12-16'],
    ['Vodafone Germany iPhone X/XS/XR', 'U apple DE vodafone-de 10-10'],
    ['Kuwait Zain iPhone 8-15', 'U apple KW zain-kw 8-15'],
    ['Samsng AT&T USA All Models Unlock', 'U samsung US att-us'],
    ['Samsung Worldwide Unlock Code', 'U samsung - worldwide-region'],
    ['iPhone Carrier + SimLock Status Check', 'check'],
    ['AT&T USA Clean / Blacklist Status Check', 'check'],
    ['iCloud Owner Info (Name, Email)', 'check'],
    ['iCloud Removal - iPhone 6 to 16 (Owner Info Needed)', 'icloud'],
    ['Samsung FRP Remove by IMEI', 'frp'],
    ['Octoplus FRP Tool Activation', 'credits'],
    ['Chimera Tool Credits (100 Credits)', 'credits'],
    ['Blacklist Removal USA - Verizon Only', 'other'],
    ['Generic service 12', 'other'],
  ])('%s → %s', (name, label) => {
    expect(readingMatches(read(name).best, label), JSON.stringify(read(name).best)).toBe(true);
  });

  it('takes the country and brand from the group when the name has none', () => {
    expect(readingMatches(read('AT&T iPhone 11-17 Express', 'Apple USA').best, 'U apple US att-us 11-17')).toBe(true);
  });

  it('reads a short word that is also a code (TO, Tonga) as a word', () => {
    expect(read('AT&T iPhone 6 TO 15').best.country).toBe('US');
  });

  it('keeps a carrier name before a brand that is the same word', () => {
    expect(read('Vivo Brazil iPhone All Models').best).toMatchObject({ brand: 'apple', carrier: 'vivo-br' });
  });

  it('gives the runner-up: the second carrier named', () => {
    const { best, runnerUp } = read('AT&T / T-Mobile USA iPhone 6-15');
    expect([best.carrier, runnerUp?.carrier]).toEqual(['att-us', 't-mobile-us']);
    expect(best.score).toBeGreaterThan(runnerUp?.score ?? 1);
  });

  it('marks a service for clean devices only', () => {
    expect(read('AT&T USA iPhone 4-12 (Clean IMEI only)').best.requiresCleanCheck).toBe(true);
    expect(read('Vodafone UK iPhone 6-15 Clean/Lost/Stolen').best.requiresCleanCheck).toBe(false);
  });

  it('names the Samsung lines a service covers', () => {
    expect(read('AT&T USA Samsung Galaxy S / Note - Premium').best.modelSeries).toEqual(['Galaxy S', 'Galaxy Note']);
  });
});

describe('iPhone generations in a name', () => {
  it.each([
    ['iPhone 13 to 16 Pro Max Premium 1-3 Days', 13, 16],
    ['iPhone 14/15/16 Series', 14, 16],
    ['iPhone X-15', 10, 15],
    ['iPhone up to 12 Pro Max', null, 12],
    ['iPhone 15 and up', 15, null],
    ['iPhone 12 and below', null, 12],
    ['iPhone (All Models)', null, null],
    ['iPhone 4 → 16 Pro Max', 4, 16],
    ['iPhone 11 bis 16', 11, 16],
    ['iPhone 11 - 3-7 Days', 11, 11],
    ['iPhone 16e', 16, 16],
  ])('%s → %s-%s', (name, min, max) => {
    expect(iphoneSeriesOfName(name)).toMatchObject({ min, max, named: true });
  });

  it('knows when a name names no generation', () => {
    expect(iphoneSeriesOfName('AT&T USA iPhone Premium').named).toBe(false);
  });
});

describe('linking by itself at import', () => {
  it.each([
    ['T-Mobile USA iPhone 6-15 Premium (Clean IMEI only)', 't-mobile-us'],
    ['AT&T / T-Mobile USA iPhone 6-15', null],
    ['Vodafone iPhone 6-15', null],
    ['Vodafone UK and Germany iPhone 6-15', null],
    ['AT&T USA iPhone Premium', null],
    ['AT&T USA Premium unlock', null],
    ['USA iPhone 6-15 Premium', null],
    ['AT&T USA Blacklist Status Check', null],
  ])('%s → %s', (name, carrier) => {
    expect(confidentUnlock(read(name))?.carrier ?? null).toBe(carrier);
  });

  it('asks for a sure reading well ahead of the next', () => {
    expect(AUTO_LINK_SCORE).toBeGreaterThan(0.5);
    expect(AUTO_LINK_MARGIN).toBeGreaterThan(0);
  });
});

describe('labels', () => {
  it.each([
    [
      'U apple US att-us 13-16',
      { kind: 'unlock', brand: 'apple', country: 'US', carrier: 'att-us', seriesMin: 13, seriesMax: 16 },
    ],
    ['U apple US att-us -12', { seriesMin: null, seriesMax: 12 }],
    ['U apple US att-us 15-', { seriesMin: 15, seriesMax: null }],
    ['U samsung - worldwide-region', { country: null, seriesMin: null, seriesMax: null }],
    ['check', { kind: 'check', carrier: null }],
  ])('%s', (label, wanted) => {
    expect(parseLinkLabel(label)).toMatchObject(wanted);
  });

  it.each(['unlock', 'U apple', 'nonsense'])('refuses %s', (label) => {
    expect(parseLinkLabel(label)).toBeNull();
  });
});

describe('what a correction can teach', () => {
  it.each([
    ['Samsung Vodafone Polska Unlock Code', 'Polska'],
    ['AT&T USA iPhone 13-16 Premium Clean 1-3 Days', ''],
    ['Zorbtel Ruritania iPhone 11-15', 'Zorbtel Ruritania'],
  ])('%s → “%s”', (name, words) => {
    expect(unreadWords(name, vocabulary)).toBe(words);
  });
});

describe('names sent as HTML', () => {
  it.each([
    ['AT&amp;T', 'AT&T'],
    ['AT&#38;T', 'AT&T'],
    ['AT&#x26;T', 'AT&T'],
    ['O&#39;Neil &quot;Pro&quot;', 'O\'Neil "Pro"'],
    ['Unlock&nbsp;+&nbsp;Check', 'Unlock + Check'],
    ['&unknown; &#0; &#99999999;', '&unknown; &#0; &#99999999;'],
    ['plain', 'plain'],
  ])('%s → %s', (html, text) => {
    expect(decodeEntities(html)).toBe(text);
  });
});
