import { readFileSync } from 'node:fs';

// Devices as a customer describes them (names, not slugs), one for each tool of the seeded
// catalogue: what the property tests over the whole catalogue quote and buy.

const seedRows = <T>(name: string) =>
  (JSON.parse(readFileSync(`data/seed/${name}.json`, 'utf8')) as { rows: T[] }).rows;
const brands = seedRows<{ brand_slug: string; brand_name: string }>('brands');
const carriers = seedRows<{ carrier_slug: string; carrier_name: string; country_code: string }>('carriers');
const iphones = seedRows<{ model_name: string; series_number: number }>('iphone-models');
const samsungs = seedRows<{ model_name: string; model_series: string }>('samsung-models');

/** A device as a customer would describe it for a tool of the catalogue: names, not slugs. */
export function deviceFor(tool: {
  readonly brandSlug: string | null;
  readonly carrierSlug: string | null;
  readonly countryCode: string | null;
  readonly seriesMin: number | null;
  readonly seriesMax: number | null;
  readonly modelSeries: readonly string[] | null;
}) {
  const brand = brands.find((row) => row.brand_slug === tool.brandSlug)?.brand_name;
  const carrier = carriers.find(
    (row) => row.carrier_slug === tool.carrierSlug && row.country_code === tool.countryCode,
  )?.carrier_name;
  if (!brand || !carrier || !tool.countryCode) return null;
  const iphone = iphones.find(
    (row) =>
      /^iPhone \d+$/.test(row.model_name) &&
      (tool.seriesMin === null || row.series_number >= tool.seriesMin) &&
      (tool.seriesMax === null || row.series_number <= tool.seriesMax),
  );
  const samsung = samsungs.find((row) => tool.modelSeries?.includes(row.model_series) ?? true);
  const model =
    tool.brandSlug === 'apple' ? iphone?.model_name : tool.brandSlug === 'samsung' ? samsung?.model_name : '';
  if (model === undefined) return null;
  return { brand, model, network: carrier, country: tool.countryCode };
}
