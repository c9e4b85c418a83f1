import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OrderAnswer, orderAnswerSchema } from '../../../../domain/order';
import { ORDER_PAGE_REFRESH_MS, isOrderSettled } from '../../../../domain/order-page';
import { ApiError, apiRequest } from '~/lib/api-client';

export interface OrderAccess {
  readonly orderId: string;
  /** The emailed link's access token; without it only the signed-in owner sees the order. */
  readonly token: string | null;
}

/** GET /api/orders/:id?token=...: the order, or a 404 for anyone but its token holder or owner. */
export function getOrder({ orderId, token }: OrderAccess, signal?: AbortSignal): Promise<OrderAnswer> {
  const query = token ? `?${new URLSearchParams({ token }).toString()}` : '';
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}${query}`, { schema: orderAnswerSchema, signal });
}

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
