import { formatPrice } from './display.ts';
import type { PublicEsimPackage } from './esim-catalog.ts';

/** The countries travellers most often buy for, shown as shortcuts on the shop (ISO2, in order). */
export const POPULAR_DESTINATIONS = ['US', 'GB', 'FR', 'ES', 'IT', 'DE', 'TR', 'JP', 'TH', 'MX', 'AE', 'CA'] as const;

/** A country as the shop needs it: from the store's country list. */
export interface ShopCountry {
  readonly iso2: string | null;
  readonly iso3: string | null;
  readonly country_name: string;
  readonly region: string;
  readonly active: boolean;
}

export type Destination =
  | {
      readonly kind: 'country';
      /** ISO2, as the packages API takes it. */
      readonly code: string;
      readonly name: string;
      /** The continent or subregion, shown beside the name so Austria is never mistaken for Australia. */
      readonly region: string;
      readonly fromCents: number;
    }
  | {
      readonly kind: 'region';
      /** The region name, as the packages API takes it. */
      readonly code: string;
      readonly name: string;
      readonly countryCount: number;
      readonly fromCents: number;
    };

/** The shop's search value for a destination: 'country:FR' or 'region:Europe'. */
export function destinationKey(destination: Pick<Destination, 'kind' | 'code'>): string {
  return `${destination.kind}:${destination.code}`;
}

/**
 * Every destination with a package, from the catalogue's cheapest-per-destination listing:
 * countries A to Z, then regions A to Z with the global plan last.
 */
export function shopDestinations(
  cheapest: readonly PublicEsimPackage[],
  countries: readonly ShopCountry[],
): Destination[] {
  const byIso2 = new Map(countries.filter((c) => c.iso2).map((c) => [c.iso2, c]));
  const local: Destination[] = [];
  const regional: (Destination & { kind: 'region' })[] = [];
  const global: (Destination & { kind: 'region' })[] = [];
  const seen = new Set<string>();
  for (const pkg of cheapest) {
    if (pkg.kind === 'local') {
      const country = pkg.country_code ? byIso2.get(pkg.country_code) : undefined;
      if (!country?.iso2 || seen.has(`country:${country.iso2}`)) continue;
      seen.add(`country:${country.iso2}`);
      local.push({
        kind: 'country',
        code: country.iso2,
        name: country.country_name,
        region: country.region,
        fromCents: pkg.price_cents,
      });
    } else if (pkg.region && !seen.has(`region:${pkg.region}`)) {
      seen.add(`region:${pkg.region}`);
      const entry = {
        kind: 'region' as const,
        code: pkg.region,
        name: pkg.region,
        countryCount: pkg.countries_iso3.length,
        fromCents: pkg.price_cents,
      };
      (pkg.kind === 'global' ? global : regional).push(entry);
    }
  }
  const byName = (a: Destination, b: Destination) => a.name.localeCompare(b.name, 'en');
  return [...local.sort(byName), ...regional.sort(byName), ...global.sort(byName)];
}

/** The destination a search value names, or null when the shop has no packages for it. */
export function findDestination(destinations: readonly Destination[], key: string | null): Destination | null {
  if (!key) return null;
  return destinations.find((destination) => destinationKey(destination) === key) ?? null;
}

/** The names of the countries a package covers, A to Z; unknown codes are shown as they are. */
export function coverageNames(countriesIso3: readonly string[], countries: readonly ShopCountry[]): string[] {
  const byIso3 = new Map(countries.filter((c) => c.iso3).map((c) => [c.iso3, c.country_name]));
  return countriesIso3.map((code) => byIso3.get(code) ?? code).sort((a, b) => a.localeCompare(b, 'en'));
}

/** 'Works in 1 country' / 'Works in 39 countries'. */
export function coverageText(count: number): string {
  return `Works in ${count} ${count === 1 ? 'country' : 'countries'}`;
}

/** '$1.67 per GB' from a price per gigabyte in cents; null (unlimited data) gives null. */
export function pricePerGbText(centsPerGb: number | null): string | null {
  return centsPerGb === null ? null : `${formatPrice(centsPerGb)} per GB`;
}
