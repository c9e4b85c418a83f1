import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PRICES, type ProductPrices, productPricesSchema } from '../../domain/product-prices';
import { apiRequest } from '~/lib/api-client';
import { queryClient } from '~/lib/query-client';

/** GET /api/prices: what each device check and service sells at now (an admin may have changed it). */
export function productPricesQueryOptions() {
  return queryOptions({
    queryKey: ['product-prices'],
    queryFn: ({ signal }) => apiRequest('/api/prices', { schema: productPricesSchema, signal }),
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
