import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkerVocabulary } from '../../../domain/auto-linker.ts';
import type { Database } from '../../db/client.ts';
import { readSandboxCatalogue } from '../../integrations/suppliers/sandbox.ts';
import { openTestDatabase } from '../../testing/test-db.ts';
import { createCatalogService } from '../catalog/service.ts';
import { mapServiceByName } from './service-mapping.ts';

const facts = { costCents: 2000, deliveryHoursMin: 24, deliveryHoursMax: 72 };

describe('mapping a new supplier service by its name', () => {
  let database: Database;
  let vocabulary: LinkerVocabulary;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    vocabulary = await createCatalogService(database.db).linkerVocabulary();
  });
  afterAll(async () => {
    await database.close();
  });

  const mapped = (name: string, group = '') => mapServiceByName('DHRU-1', { ...facts, name, group }, vocabulary);

  it('never maps a sandbox service differently from the store mapping of it', async () => {
    const services = readSandboxCatalogue();
    let agreed = 0;
    for (const service of services) {
      const guess = mapServiceByName(service.tool_id, { ...facts, name: service.name, group: '' }, vocabulary);
      if (!guess) continue;
      expect({ tool: service.tool_id, ...guess }).toMatchObject({
        tool: service.tool_id,
        brand_slug: service.brand_slug,
        carrier_slug: service.carrier_slug,
        country_code: service.country_code,
        series_min: service.series_min,
        series_max: service.series_max,
        model_series: service.model_series,
        requires_clean_check: service.requires_clean_check,
      });
      agreed += 1;
    }
    // Most names are plain enough to map; the rest wait for an admin.
    expect(agreed).toBeGreaterThan(services.length * 0.8);
  });

  it('maps a plain name whole', async () => {
    expect(mapped('T-Mobile USA iPhone 6-15 Premium (Clean IMEI only)')).toMatchObject({
      tool_id: 'DHRU-1',
      brand_slug: 'apple',
      carrier_slug: 't-mobile-us',
      country_code: 'US',
      series_min: 6,
      series_max: 15,
      model_series: null,
      success_rate: 0.9,
      requires_clean_check: true,
      cost_cents: 2000,
    });
  });

  it.each([
    { why: 'two carriers', name: 'AT&T / T-Mobile USA iPhone 6-15' },
    { why: 'no country', name: 'Vodafone iPhone 6-15' },
    { why: 'two countries', name: 'Vodafone UK and Germany iPhone 6-15' },
    { why: 'an iPhone without a series', name: 'AT&T USA iPhone Premium' },
    { why: 'no brand', name: 'AT&T USA Premium unlock' },
    { why: 'no carrier', name: 'USA iPhone 6-15 Premium' },
    { why: 'nothing known', name: 'Generic service 12' },
  ])('leaves a name with $why unmapped', async ({ name }) => {
    expect(mapped(name)).toBeNull();
  });

  it('takes the country from the group when the name has none', async () => {
    expect(mapped('AT&T iPhone 11-17 Express', 'Apple USA')).toMatchObject({
      carrier_slug: 'att-us',
      country_code: 'US',
      series_min: 11,
      series_max: 17,
    });
  });
});
