/** The store's country list, shared by the unlock panel and the eSIM shop. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { countryRowSchema, type CountryRow } from '../../domain/reference-data';
import { CATALOG_STALE_TIME, catalogList } from '~/lib/catalog-list';

const countriesList = catalogList('/api/catalog/countries', countryRowSchema);

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
