import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_REFRESH_MS, isOrderInProgress } from '../../../../domain/esim-receipt';
import { type OrderAccess, getOrder } from '~/lib/get-order';

export type { OrderAccess };

export function orderQueryOptions(access: OrderAccess) {
  return queryOptions({
    queryKey: ['orders', access.orderId, access.token],
    queryFn: ({ signal }) => getOrder(access, signal),
    staleTime: 0,
    // Payment and delivery run on the server: ask again until the order stops changing.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isOrderInProgress(status) ? ORDER_REFRESH_MS : false;
    },
  });
}

/** The order behind a receipt link, kept fresh while it is being paid and delivered. */
export function useOrder(access: OrderAccess) {
  return useQuery(orderQueryOptions(access));
}
