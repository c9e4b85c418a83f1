import { queryOptions, useQuery } from '@tanstack/react-query';
import { carrierRowSchema, type CarrierRow } from '../../../../domain/reference-data';
import { CATALOG_STALE_TIME, loadCatalogList } from '~/lib/catalog-list';

export function getCarriers(signal?: AbortSignal): Promise<CarrierRow[]> {
  return loadCatalogList('/api/catalog/carriers', carrierRowSchema, signal);
}

export function carriersQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'carriers'],
    queryFn: ({ signal }) => getCarriers(signal),
    staleTime: CATALOG_STALE_TIME,
  });
}

export function useCarriers() {
  return useQuery(carriersQueryOptions());
}
