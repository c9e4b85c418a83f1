import { queryOptions, useQuery } from '@tanstack/react-query';
import { regionCountryRowSchema, type RegionCountryRow } from '../../../../domain/reference-data';
import { CATALOG_STALE_TIME, loadCatalogList } from '~/lib/catalog-list';

/** Every region's countries in one cached list: it both counts a region carrier's countries and tells which regions cover a country. */
export function getRegionCountries(signal?: AbortSignal): Promise<RegionCountryRow[]> {
  return loadCatalogList('/api/catalog/region-countries', regionCountryRowSchema, signal);
}

export function regionCountriesQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'region-countries'],
    queryFn: ({ signal }) => getRegionCountries(signal),
    staleTime: CATALOG_STALE_TIME,
  });
}

export function useRegionCountries() {
  return useQuery(regionCountriesQueryOptions());
}
