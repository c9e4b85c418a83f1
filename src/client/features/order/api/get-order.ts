import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_POLL_FALLBACK_MS } from '../../../../domain/order-tracking';
import { isOrderSettled } from '../../../../domain/order-page';
import { ApiError } from '~/lib/api-client';
import { type OrderAccess, getOrder } from '~/lib/get-order';

export type { OrderAccess };

export const orderQueryKey = (access: OrderAccess) => ['order-page', access.orderId, access.token] as const;

/**
 * The order. The live stream keeps it fresh (use-live-order); `poll` asks for it every few
 * seconds instead while the stream is down and the order can still change.
 */
export function useOrder(access: OrderAccess, { poll }: { poll: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: orderQueryKey(access),
      queryFn: ({ signal }) => getOrder(access, signal),
      staleTime: 0,
      // A refused link stays refused; a failed connection is tried again twice.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return poll && status && !isOrderSettled(status) ? ORDER_POLL_FALLBACK_MS : false;
      },
    }),
  );
}
