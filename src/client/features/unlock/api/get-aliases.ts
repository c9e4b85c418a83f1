import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  type Check,
  isBrandAliasRow,
  isCarrierAliasRow,
  isCountryAliasRow,
  listOf,
} from '../../../../domain/answer-checks';
import { CATALOG_STALE_TIME, catalogList } from '~/lib/catalog-list';
import { readerOf } from '~/lib/api-client';

// The catalogue's other names of countries, carriers and brands (ADR 106): the pickers find an
// entry by them as quotes do. Not needed for the first paint: asked for once the panel runs.

function aliasList<Row>(name: 'country-aliases' | 'carrier-aliases' | 'brand-aliases', check: Check<Row>) {
  const list = catalogList(`/api/catalog/${name}`, readerOf(listOf(check)));
  return queryOptions({
    queryKey: ['catalog', name],
    queryFn: ({ signal }) => list.load(signal),
    staleTime: CATALOG_STALE_TIME,
  });
}

const countryAliases = aliasList('country-aliases', isCountryAliasRow);
const carrierAliases = aliasList('carrier-aliases', isCarrierAliasRow);
const brandAliases = aliasList('brand-aliases', isBrandAliasRow);

/** Each entry's other names, by its code or slug. */
function namesBy<Row extends { alias: string }>(rows: readonly Row[] | undefined, keyOf: (row: Row) => string) {
  const names = new Map<string, string[]>();
  for (const row of rows ?? []) names.set(keyOf(row), [...(names.get(keyOf(row)) ?? []), row.alias]);
  return names;
}

export function useCatalogAliases() {
  const countries = useQuery(countryAliases);
  const carriers = useQuery(carrierAliases);
  const brands = useQuery(brandAliases);
  // One map per answer, so the pickers' options are built again only when a list changes.
  return {
    countries: useMemo(() => namesBy(countries.data, (row) => row.country_code), [countries.data]),
    carriers: useMemo(() => namesBy(carriers.data, (row) => row.carrier_slug), [carriers.data]),
    brands: useMemo(() => namesBy(brands.data, (row) => row.brand_slug), [brands.data]),
  };
}
