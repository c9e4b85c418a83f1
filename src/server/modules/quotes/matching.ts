/** Which of our SKUs and which supplier tools fit a device: pure, over in-memory rows. */

export interface DeviceMatch {
  readonly brandSlug: string;
  readonly carrierSlugs: readonly string[];
  readonly countryCode: string;
  /** iPhone generation, when the model is known. */
  readonly series: number | null;
  /** Samsung series ('Galaxy S', ...), when the model is known. */
  readonly modelSeries: string | null;
}

interface SeriesRange {
  readonly seriesMin: number | null;
  readonly seriesMax: number | null;
}

export interface SkuRow extends SeriesRange {
  readonly brandSlug: string;
  readonly carrierSlug: string;
  readonly countryCode: string | null;
  readonly priceCents: number;
}

export interface ToolRow extends SeriesRange {
  readonly brandSlug: string | null;
  readonly carrierSlug: string | null;
  readonly countryCode: string | null;
  readonly modelSeries: string[] | null;
}

const inRange = (row: SeriesRange, series: number) =>
  (row.seriesMin === null || row.seriesMin <= series) && (row.seriesMax === null || row.seriesMax >= series);
const hasRange = (row: SeriesRange) => row.seriesMin !== null || row.seriesMax !== null;
const width = (row: SeriesRange) => (hasRange(row) ? (row.seriesMax ?? 100) - (row.seriesMin ?? 0) : 1000);

/**
 * SKUs for the device, the narrowest series range first, then the cheapest. An SKU priced for
 * a series range needs a known model: without one it cannot promise its price.
 */
export function matchSkus<T extends SkuRow>(skus: readonly T[], device: DeviceMatch): T[] {
  return skus
    .filter(
      (sku) =>
        sku.brandSlug === device.brandSlug &&
        device.carrierSlugs.includes(sku.carrierSlug) &&
        (sku.countryCode === null || sku.countryCode === device.countryCode) &&
        (device.series === null ? !hasRange(sku) : inRange(sku, device.series)),
    )
    .sort((a, b) => width(a) - width(b) || a.priceCents - b.priceCents);
}

/** Tools that can unlock the device; a null column on a tool means "any". */
export function matchTools<T extends ToolRow>(tools: readonly T[], device: DeviceMatch): T[] {
  return tools.filter(
    (tool) =>
      (tool.brandSlug === null || tool.brandSlug === device.brandSlug) &&
      tool.carrierSlug !== null &&
      device.carrierSlugs.includes(tool.carrierSlug) &&
      (tool.countryCode === null || tool.countryCode === device.countryCode) &&
      (device.series === null || inRange(tool, device.series)) &&
      (device.modelSeries === null || tool.modelSeries === null || tool.modelSeries.includes(device.modelSeries)),
  );
}

/** iPhone generation from our model table, or from the digits in a freely typed name. */
export function iphoneSeriesOf(model: string, known: ReadonlyMap<string, number>): number | null {
  const listed = known.get(model.trim().toLowerCase());
  if (listed !== undefined) return listed;
  const digits = /iphone\s*(\d{1,2})/i.exec(model)?.[1];
  return digits ? Number(digits) : null;
}

/** Samsung series from our model table, or from the line letter in a freely typed name. */
export function samsungSeriesOf(model: string, known: ReadonlyMap<string, string>): string | null {
  const listed = known.get(model.trim().toLowerCase());
  if (listed !== undefined) return listed;
  const line = /galaxy\s*(note|s|z|a|m)\s*\d/i.exec(model)?.[1]?.toLowerCase();
  if (!line) return null;
  return line === 'note' ? 'Galaxy Note' : `Galaxy ${line.toUpperCase()}`;
}
