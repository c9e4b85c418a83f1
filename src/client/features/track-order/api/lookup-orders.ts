import { useMutation } from '@tanstack/react-query';
import { orderLookupAnswerSchema, type LookedUpOrder, type OrderLookupRequest } from '../../../../domain/order-lookup';
import { apiRequest } from '~/lib/api-client';

export async function lookupOrders(request: OrderLookupRequest): Promise<LookedUpOrder[]> {
  const answer = await apiRequest('/api/orders/lookup', {
    method: 'POST',
    body: request,
    schema: orderLookupAnswerSchema,
  });
  return answer.orders;
}

/** One lookup per submit: the answer belongs to what was typed then, not to a cache. */
export function useLookupOrders() {
  return useMutation({ mutationFn: lookupOrders });
}
