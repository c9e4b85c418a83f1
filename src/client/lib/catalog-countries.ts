/** The store's country list, shared by the unlock panel and the eSIM shop. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isCountryRow, listOf } from '../../domain/answer-checks';
import type { CountryRow } from '../../domain/reference-data';
import { CATALOG_STALE_TIME, catalogList } from '~/lib/catalog-list';
import { readerOf } from '~/lib/api-client';

const countriesList = catalogList('/api/catalog/countries', readerOf(listOf(isCountryRow)));

export const preloadCountries = countriesList.preload;

export function getCountries(signal?: AbortSignal): Promise<CountryRow[]> {
  return countriesList.load(signal);
}

export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'countries'],
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: CATALOG_STALE_TIME,
  });
}

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
