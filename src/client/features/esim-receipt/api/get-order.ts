import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_REFRESH_MS, isOrderInProgress } from '../../../../domain/esim-receipt';
import { type OrderAnswer, orderAnswerSchema } from '../../../../domain/order';
import { apiRequest } from '~/lib/api-client';

export interface OrderAccess {
  readonly orderId: string;
  /** The guest link's access token; without it only the signed-in owner sees the order. */
  readonly token: string | null;
}

/** GET /api/orders/:id?token=...: the order's receipt, or a 404 for anyone but its token holder or owner. */
export function getOrder({ orderId, token }: OrderAccess, signal?: AbortSignal): Promise<OrderAnswer> {
  const query = token ? `?${new URLSearchParams({ token }).toString()}` : '';
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}${query}`, { schema: orderAnswerSchema, signal });
}

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
