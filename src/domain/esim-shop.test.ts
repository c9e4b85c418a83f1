import { describe, expect, it } from 'vitest';
import type { PublicEsimPackage } from './esim-catalog.ts';
import {
  coverageNames,
  coverageText,
  destinationKey,
  findDestination,
  pricePerGbText,
  shopDestinations,
  type ShopCountry,
} from './esim-shop.ts';

const countries: ShopCountry[] = [
  { iso2: 'AT', iso3: 'AUT', country_name: 'Austria', region: 'Europe', active: true },
  { iso2: 'AU', iso3: 'AUS', country_name: 'Australia', region: 'Oceania', active: true },
  { iso2: 'FR', iso3: 'FRA', country_name: 'France', region: 'Europe', active: true },
  { iso2: null, iso3: null, country_name: 'Global', region: 'Global', active: true },
];

function pkg(overrides: Partial<PublicEsimPackage>): PublicEsimPackage {
  return {
    package_id: 'x-1gb-7d',
    package_name: 'X 1 GB · 7 days',
    data_gb: 1,
    validity_days: 7,
    kind: 'local',
    country_code: 'FR',
    region: null,
    countries_iso3: ['FRA'],
    price_cents: 450,
    provider: 'sandbox',
    active: true,
    ...overrides,
  };
}

describe('shopDestinations', () => {
  const cheapest = [
    pkg({ country_code: 'FR', price_cents: 450 }),
    pkg({
      kind: 'global',
      country_code: null,
      region: 'Global',
      countries_iso3: ['FRA', 'AUT', 'AUS'],
      price_cents: 900,
    }),
    pkg({ country_code: 'AU', countries_iso3: ['AUS'], price_cents: 500 }),
    pkg({ kind: 'regional', country_code: null, region: 'Europe', countries_iso3: ['FRA', 'AUT'], price_cents: 700 }),
    pkg({ country_code: 'AT', countries_iso3: ['AUT'], price_cents: 400 }),
    pkg({ country_code: 'ZZ', countries_iso3: ['ZZZ'], price_cents: 100 }),
  ];

  it('lists countries A to Z, then regions, then the global plan, each with its lowest price', () => {
    expect(shopDestinations(cheapest, countries)).toEqual([
      { kind: 'country', code: 'AU', name: 'Australia', region: 'Oceania', fromCents: 500 },
      { kind: 'country', code: 'AT', name: 'Austria', region: 'Europe', fromCents: 400 },
      { kind: 'country', code: 'FR', name: 'France', region: 'Europe', fromCents: 450 },
      { kind: 'region', code: 'Europe', name: 'Europe', countryCount: 2, fromCents: 700 },
      { kind: 'region', code: 'Global', name: 'Global', countryCount: 3, fromCents: 900 },
    ]);
  });

  it('leaves out packages for countries the store does not know, and lists each destination once', () => {
    const twice = [...cheapest, pkg({ country_code: 'FR', price_cents: 999 })];
    const destinations = shopDestinations(twice, countries);
    expect(destinations.filter((d) => d.code === 'FR')).toHaveLength(1);
    expect(destinations.some((d) => d.code === 'ZZ')).toBe(false);
  });

  it.each([
    ['country:AT', 'Austria'],
    ['region:Europe', 'Europe'],
    ['country:ZZ', null],
    ['AT', null],
    [null, null],
  ])('finds %s as %s', (key, name) => {
    expect(findDestination(shopDestinations(cheapest, countries), key)?.name ?? null).toBe(name);
  });
});

describe('destination keys and coverage', () => {
  it.each([
    [{ kind: 'country', code: 'FR' } as const, 'country:FR'],
    [{ kind: 'region', code: 'Latin America' } as const, 'region:Latin America'],
  ])('keys %o as %s', (destination, key) => {
    expect(destinationKey(destination)).toBe(key);
  });

  it('names covered countries A to Z and keeps unknown codes', () => {
    expect(coverageNames(['FRA', 'AUT', 'XKX'], countries)).toEqual(['Austria', 'France', 'XKX']);
  });

  it.each([
    [1, 'Works in 1 country'],
    [39, 'Works in 39 countries'],
  ])('coverage of %i reads %s', (count, text) => {
    expect(coverageText(count)).toBe(text);
  });

  it.each([
    [167, '$1.67 per GB'],
    [null, null],
  ])('price per GB %s reads %s', (cents, text) => {
    expect(pricePerGbText(cents)).toBe(text);
  });
});
