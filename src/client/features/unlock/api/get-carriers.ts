import { queryOptions, useQuery } from '@tanstack/react-query';
import { carrierRowSchema, type CarrierRow } from '../../../../domain/reference-data';
import { CATALOG_STALE_TIME, catalogList } from '~/lib/catalog-list';

const carriersList = catalogList('/api/catalog/carriers', carrierRowSchema);

export const preloadCarriers = carriersList.preload;

export function getCarriers(signal?: AbortSignal): Promise<CarrierRow[]> {
  return carriersList.load(signal);
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
