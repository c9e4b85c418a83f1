import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceServiceId } from '../../domain/device-services';
import { LIST_PRICES, type ProductPrices, productOffersSchema } from '../../domain/product-prices';
import type { DeliveryPromise } from '../../domain/unlock-checkout';
import { apiRequest } from '~/lib/api-client';
import { queryClient } from '~/lib/query-client';

/** GET /api/prices: what each device check and service sells at now (an admin may have changed it), and each service's promise. */
export function productPricesQueryOptions() {
  return queryOptions({
    queryKey: ['product-prices'],
    queryFn: ({ signal }) => apiRequest('/api/prices', { schema: productOffersSchema, signal }),
  });
}

/**
 * For a route's client loader: the page opens with the prices of now, never with the list prices
 * first. Should the store not answer, the page opens anyway and the query tries again.
 */
export async function loadProductPrices(): Promise<null> {
  await queryClient.ensureQueryData(productPricesQueryOptions()).catch(() => undefined);
  return null;
}

/** The prices of now; the list prices only while the store has not answered (its checkout charges the price of now). */
export function useProductPrices(): ProductPrices {
  return useQuery(productPricesQueryOptions()).data ?? LIST_PRICES;
}

/**
 * What a device service promises now (the tool its order would go to first), or null until the
 * store has answered or while no tool sells it: a page states no time it does not know.
 */
export function useDeviceServicePromise(id: DeviceServiceId): DeliveryPromise | null {
  const promise = useQuery(productPricesQueryOptions()).data?.delivery.device_service[id];
  return promise ? { averageHours: promise.average_hours, guaranteedHours: promise.guaranteed_hours } : null;
}
