import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandRowSchema, type BrandRow } from '../../../../domain/reference-data';
import { CATALOG_STALE_TIME, loadCatalogList } from '~/lib/catalog-list';

export function getBrands(signal?: AbortSignal): Promise<BrandRow[]> {
  return loadCatalogList('/api/catalog/brands', brandRowSchema, signal);
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
