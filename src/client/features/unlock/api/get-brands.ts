import { queryOptions, useQuery } from '@tanstack/react-query';
import { isBrandRow, listOf } from '../../../../domain/answer-checks';
import type { BrandRow } from '../../../../domain/reference-data';
import { CATALOG_STALE_TIME, catalogList } from '~/lib/catalog-list';
import { readerOf } from '~/lib/api-client';

const brandsList = catalogList('/api/catalog/brands', readerOf(listOf(isBrandRow)));

export const preloadBrands = brandsList.preload;

export function getBrands(signal?: AbortSignal): Promise<BrandRow[]> {
  return brandsList.load(signal);
}

export function brandsQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'brands'],
    queryFn: ({ signal }) => getBrands(signal),
    staleTime: CATALOG_STALE_TIME,
  });
}

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
