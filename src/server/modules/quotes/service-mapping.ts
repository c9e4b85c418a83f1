// A real supplier's new service mapped from its name with the catalogue's aliases, only when the
// name leaves no doubt: one brand, one country, one carrier, and for iPhones a series range.
// Anything less stays unmapped (inactive) for an admin: a wrong mapping sells an unlock that fails.
import { normalizeAliasKey } from '../../../domain/reference-data.ts';
import type { SupplierListing, SupplierService } from '../../integrations/suppliers/types.ts';
import { UNKNOWN_SUCCESS_PERMILLE } from './catalogue-rules.ts';

/** The catalog service's normalisation, as the mapping uses it. */
export interface AliasResolver {
  normalizeBrand(input: string): Promise<string | null>;
  normalizeCountry(input: string): Promise<string | null>;
  normalizeCarrier(input: string, country?: string | null): Promise<string | null>;
}

const MAX_WORDS = 3;
const SAMSUNG_LINES: Record<string, string> = {
  s: 'Galaxy S',
  z: 'Galaxy Z',
  note: 'Galaxy Note',
  a: 'Galaxy A',
  m: 'Galaxy M',
};

/** Word runs of 1-3 words; a word of 3 characters or fewer counts alone only in capitals ('UK', 'USA', 'EE', 'O2'), not 'and' (Andorra). */
function phrases(text: string): string[] {
  const words = text.split(/[\s/,()[\]|:;+]+/).filter((word) => normalizeAliasKey(word) !== '');
  const runs: string[] = [];
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= MAX_WORDS && start + length <= words.length; length++) {
      const run = words.slice(start, start + length).join(' ');
      if (length === 1 && normalizeAliasKey(run).length <= 3 && run !== run.toUpperCase()) continue;
      runs.push(run);
    }
  }
  return runs;
}

function iphoneSeries(name: string): { min: number; max: number } | null {
  const mentions = [...name.matchAll(/iphone/gi)].length;
  const range = /iphone\s*(\d{1,2})\s*(?:-|–|to)\s*(?:iphone\s*)?(\d{1,2})(?!\d)/i.exec(name);
  if (range && mentions <= 2) {
    const [low, high] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b);
    return low !== undefined && high !== undefined ? { min: low, max: high } : null;
  }
  const single = /iphone\s*(\d{1,2})(?![\d-])/i.exec(name);
  return single && mentions === 1 ? { min: Number(single[1]), max: Number(single[1]) } : null;
}

function samsungLines(name: string): string[] | null {
  const lines = new Set<string>();
  for (const match of name.matchAll(/galaxy\s*(note|s|z|a|m)(?![a-z])/gi)) {
    const line = SAMSUNG_LINES[match[1]?.toLowerCase() ?? ''];
    if (line) lines.add(line);
  }
  return lines.size > 0 ? [...lines] : null;
}

async function found<T>(runs: readonly string[], resolve: (run: string) => Promise<T | null>): Promise<Set<T>> {
  const values = await Promise.all(runs.map(resolve));
  return new Set(values.filter((value): value is Awaited<T> & T => value !== null));
}

/** The mapping of a supplier's service read from its name and group, or null when the name leaves any doubt. */
export async function mapServiceByName(
  toolId: string,
  listing: Pick<SupplierListing, 'name' | 'group' | 'costCents' | 'deliveryHoursMin' | 'deliveryHoursMax'>,
  aliases: AliasResolver,
): Promise<SupplierService | null> {
  const runs = phrases(`${listing.group} ${listing.name}`);
  const brands = await found(runs, (run) => aliases.normalizeBrand(run));
  const countries = await found(runs, (run) => aliases.normalizeCountry(run));
  const [brand] = brands;
  const [country] = countries;
  if (brands.size !== 1 || countries.size !== 1 || !brand || !country) return null;
  const carriers = await found(runs, (run) => aliases.normalizeCarrier(run, country));
  const [carrier] = carriers;
  if (carriers.size !== 1 || !carrier) return null;
  const series = brand === 'apple' ? iphoneSeries(listing.name) : null;
  if (brand === 'apple' && !series) return null;
  return {
    tool_id: toolId,
    name: listing.name,
    brand_slug: brand,
    carrier_slug: carrier,
    country_code: country,
    series_min: series?.min ?? null,
    series_max: series?.max ?? null,
    model_series: brand === 'samsung' ? samsungLines(listing.name) : null,
    cost_cents: listing.costCents,
    delivery_hours_min: listing.deliveryHoursMin,
    delivery_hours_max: listing.deliveryHoursMax,
    success_rate: UNKNOWN_SUCCESS_PERMILLE / 1000,
    requires_clean_check: /\bclean\b/i.test(listing.name),
  };
}
