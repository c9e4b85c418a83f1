/** The store's country list, shared by the unlock panel and the eSIM shop. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { countryRowSchema, type CountryRow } from '../../domain/reference-data';
import { CATALOG_STALE_TIME, loadCatalogList } from '~/lib/catalog-list';

export function getCountries(signal?: AbortSignal): Promise<CountryRow[]> {
  return loadCatalogList('/api/catalog/countries', countryRowSchema, signal);
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
