import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRegionCountryRow, listOf } from '../../../../domain/answer-checks';
import type { RegionCountryRow } from '../../../../domain/reference-data';
import { CATALOG_STALE_TIME, catalogList } from '~/lib/catalog-list';
import { readerOf } from '~/lib/api-client';

const regionCountriesList = catalogList('/api/catalog/region-countries', readerOf(listOf(isRegionCountryRow)));

export const preloadRegionCountries = regionCountriesList.preload;

/** Every region's countries in one cached list: it both counts a region carrier's countries and tells which regions cover a country. */
export function getRegionCountries(signal?: AbortSignal): Promise<RegionCountryRow[]> {
  return regionCountriesList.load(signal);
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
