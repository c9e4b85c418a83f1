import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { iphoneModelRowSchema, samsungModelRowSchema } from '../../../../domain/reference-data';
import type { ModelListBrand } from '../../../../domain/unlock-panel';
import { CATALOG_STALE_TIME, loadCatalogList } from '~/lib/catalog-list';

export interface DeviceModel {
  readonly model_name: string;
  /** Samsung's series ("Galaxy S"); null for iPhones. */
  readonly model_series: string | null;
}

const buildModelRowSchema = () =>
  z.union([
    iphoneModelRowSchema.transform((row): DeviceModel => ({ model_name: row.model_name, model_series: null })),
    samsungModelRowSchema.transform(
      (row): DeviceModel => ({ model_name: row.model_name, model_series: row.model_series }),
    ),
  ]);
// Built on the first brand with models, not as the home page starts (issue 28).
let modelRowSchema: ReturnType<typeof buildModelRowSchema> | undefined;

/** The brand's models in the store's order (iPhones newest first, Samsung by the spec's series order). */
export function getModels(brand: ModelListBrand, signal?: AbortSignal): Promise<DeviceModel[]> {
  return loadCatalogList(
    `/api/catalog/models?brand=${encodeURIComponent(brand)}`,
    (modelRowSchema ??= buildModelRowSchema()),
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
