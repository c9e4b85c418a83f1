import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../bootstrap.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore, jsonHeaders } from '../../testing/test-store.ts';

interface Row {
  [key: string]: unknown;
}

describe.each(testDbKinds())('catalog on %s', (kind) => {
  let store: Store;
  const get = async (path: string) => {
    const res = await store.app.request(path);
    expect(res.status).toBe(200);
    return (await res.json()) as Row[];
  };
  const normalize = async (what: string, body: unknown) => {
    const res = await store.app.request(`/api/catalog/normalize/${what}`, {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { value: string | null }).value;
  };

  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store.close());

  it('lists active carriers by name, at most 500', async () => {
    const carriers = await get('/api/catalog/carriers');
    expect(carriers.length).toBeGreaterThanOrEqual(250);
    expect(carriers.length).toBeLessThanOrEqual(500);
    const names = carriers.map((c) => String(c.carrier_name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(carriers.every((c) => c.active === true)).toBe(true);
    expect(carriers).toContainEqual(
      expect.objectContaining({ carrier_slug: 'att-us', country_code: 'US', carrier_type: 'mno' }),
    );
  });

  it('lists countries with their region, every one active', async () => {
    const countries = await get('/api/catalog/countries');
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual(
      expect.objectContaining({ country_code: 'US', iso2: 'US', region: 'North America', active: true }),
    );
  });

  it('filters region countries by region', async () => {
    const rows = await get('/api/catalog/region-countries?region=European%20Union');
    expect(rows).toHaveLength(27);
    expect(rows.every((r) => r.region === 'European Union')).toBe(true);
  });

  it('orders iPhones by series then year, newest first', async () => {
    const models = await get('/api/catalog/iphone-models');
    const series = models.map((m) => Number(m.series_number));
    expect(series).toEqual([...series].sort((a, b) => b - a));
    expect(models.at(-1)?.series_number).toBe(1);
  });

  it('orders Samsung models Galaxy S first, Galaxy A after Note', async () => {
    const models = await get('/api/catalog/samsung-models');
    const firstOf = (series: string) => models.findIndex((m) => m.model_series === series);
    expect(firstOf('Galaxy S')).toBe(0);
    expect(firstOf('Galaxy Z')).toBeLessThan(firstOf('Galaxy Note'));
    expect(firstOf('Galaxy Note')).toBeLessThan(firstOf('Galaxy A'));
  });

  it.each([
    { brand: 'Apple', first: expect.objectContaining({ series_number: expect.any(Number) }) },
    { brand: 'samsung', first: expect.objectContaining({ model_series: 'Galaxy S' }) },
    { brand: 'Xiaomi', first: expect.objectContaining({ model_name: expect.any(String) }) },
  ])('lists the models of $brand', async ({ brand, first }) => {
    const models = await get(`/api/catalog/models?brand=${brand}`);
    expect(models[0]).toEqual(first);
    if (brand === 'Xiaomi') expect(models).toHaveLength(5);
  });

  it('answers 404 for models of an unknown brand', async () => {
    const res = await store.app.request('/api/catalog/models?brand=Nonexistium');
    expect(res.status).toBe(404);
  });

  it('revalidates with ETag and answers 304 when unchanged', async () => {
    const first = await store.app.request('/api/catalog/brands');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toContain('max-age=');
    const again = await store.app.request('/api/catalog/brands', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it.each([
    { input: 'USA', expected: 'US' },
    { input: 'united states of america', expected: 'US' },
    { input: 'U.K.', expected: 'GB' },
    { input: 'Great Britain', expected: 'GB' },
    { input: 'gbr', expected: 'GB' },
    { input: 'México', expected: 'MX' },
    { input: '  germany ', expected: 'DE' },
    { input: 'Atlantis', expected: null },
  ])('normalises the country $input', async ({ input, expected }) => {
    expect(await normalize('country', { input_country: input })).toBe(expected);
  });

  it.each([
    { input: 'iPhone', expected: 'apple' },
    { input: 'APPLE', expected: 'apple' },
    { input: 'Samsung Galaxy', expected: 'samsung' },
    { input: 'one plus', expected: 'oneplus' },
    { input: 'Pixel', expected: 'google' },
    { input: 'Fruitphone', expected: null },
  ])('normalises the brand $input', async ({ input, expected }) => {
    expect(await normalize('brand', { input_brand: input })).toBe(expected);
  });

  it.each([
    { carrier: 'AT&T', country: 'US', expected: 'att-us' },
    { carrier: 'ATT', country: null, expected: 'att-us' },
    { carrier: 'at&t mobility', country: 'United States', expected: 'att-us' },
    { carrier: 'T Mobile', country: 'USA', expected: 't-mobile-us' },
    { carrier: 'Vodafone', country: 'UK', expected: 'vodafone-uk' },
    { carrier: 'Vodafone', country: 'Germany', expected: 'vodafone-de' },
    { carrier: 'Vodafone', country: null, expected: null },
    { carrier: 'Galactic Telecom', country: 'US', expected: null },
  ])('normalises the carrier $carrier in $country', async ({ carrier, country, expected }) => {
    expect(await normalize('carrier', { input_carrier: carrier, input_country: country })).toBe(expected);
  });
});
