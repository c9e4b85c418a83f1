import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_REFRESH_MS, isOrderSettled } from '../../../../domain/order-page';
import { ApiError } from '~/lib/api-client';
import { type OrderAccess, getOrder } from '~/lib/get-order';

export type { OrderAccess };

/** The order, asked again every few seconds until it settles (the tracking issue makes it live). */
export function useOrder(access: OrderAccess) {
  return useQuery(
    queryOptions({
      queryKey: ['order-page', access.orderId, access.token],
      queryFn: ({ signal }) => getOrder(access, signal),
      staleTime: 0,
      // A refused link stays refused; a failed connection is tried again twice.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return status && !isOrderSettled(status) ? ORDER_PAGE_REFRESH_MS : false;
      },
    }),
  );
}
