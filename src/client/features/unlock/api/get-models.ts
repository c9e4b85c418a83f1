import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelListBrand } from '../../../../domain/unlock-panel';
import { CATALOG_STALE_TIME, loadCatalogList } from '~/lib/catalog-list';

export interface DeviceModel {
  readonly model_name: string;
  /** Samsung's series ("Galaxy S"); null for iPhones. */
  readonly model_series: string | null;
}

// zod and the rows' schemas load beside the first brand's list, not as the home page starts (ADR 097).
const modelRowsSchema = () => import('./model-rows').then((module) => module.modelRowsSchema);

/** The brand's models in the store's order (iPhones newest first, Samsung by the spec's series order). */
export function getModels(brand: ModelListBrand, signal?: AbortSignal): Promise<DeviceModel[]> {
  const schema = modelRowsSchema();
  // Read when the list has come; a failed list reports its own error, so this one is not unhandled.
  schema.catch(() => undefined);
  return loadCatalogList(
    `/api/catalog/models?brand=${encodeURIComponent(brand)}`,
    { safeParse: async (data) => (await schema).safeParse(data) },
    signal,
  );
}

export function modelsQueryOptions(brand: ModelListBrand | null) {
  return queryOptions({
    queryKey: ['catalog', 'models', brand],
    queryFn: ({ signal }) => (brand ? getModels(brand, signal) : Promise.resolve([])),
    // Spec section 4: models are fetched only for Apple and Samsung.
    enabled: brand !== null,
    staleTime: CATALOG_STALE_TIME,
  });
}

export function useModels(brand: ModelListBrand | null) {
  return useQuery(modelsQueryOptions(brand));
}
