import { queryOptions, useQuery } from '@tanstack/react-query';
import { isCarrierRow, listOf } from '../../../../domain/answer-checks';
import type { CarrierRow } from '../../../../domain/reference-data';
import { CATALOG_STALE_TIME, catalogList } from '~/lib/catalog-list';
import { readerOf } from '~/lib/api-client';

const carriersList = catalogList('/api/catalog/carriers', readerOf(listOf(isCarrierRow)));

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
