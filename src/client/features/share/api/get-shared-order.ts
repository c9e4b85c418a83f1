import { queryOptions, useQuery } from '@tanstack/react-query';
import { isOrderSettled } from '../../../../domain/order-page';
import { sharedOrderSchema } from '../../../../domain/order-tracking';
import { ApiError, apiRequest } from '~/lib/api-client';

/** A shared page has no live stream: it looks again this often while the order runs. */
export const SHARED_ORDER_REFRESH_MS = 30_000;

/** GET /api/shares/:token: the read-only view of a shared order; 404 once revoked. */
export function useSharedOrder(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['shared-order', token],
      queryFn: ({ signal }) =>
        apiRequest(`/api/shares/${encodeURIComponent(token)}`, { schema: sharedOrderSchema, signal }),
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return status && !isOrderSettled(status) ? SHARED_ORDER_REFRESH_MS : false;
      },
    }),
  );
}
