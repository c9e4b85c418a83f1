import { useMutation, useQuery } from '@tanstack/react-query';
import {
  checkOrderAnswerSchema,
  type CheckOrderRequest,
  freeCheckAnswerSchema,
} from '../../../../domain/device-checks';
import { accountOrdersAnswerSchema } from '../../../../domain/order';
import { apiRequest } from '~/lib/api-client';

/** The free check: one per submit, for what was typed then. */
export function useFreeCheck() {
  return useMutation({
    mutationFn: (identifier: string) =>
      apiRequest(`/api/checks/free?${new URLSearchParams({ identifier }).toString()}`, {
        schema: freeCheckAnswerSchema,
      }),
  });
}

export function useBuyCheck() {
  return useMutation({
    mutationFn: (request: CheckOrderRequest) =>
      apiRequest('/api/checks', { method: 'POST', body: request, schema: checkOrderAnswerSchema }),
  });
}

/** The signed-in customer's paid checks, newest first. */
export function useAccountChecks({ signedIn }: { signedIn: boolean }) {
  return useQuery({
    queryKey: ['account', 'orders', 'check'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/orders?kind=check', { schema: accountOrdersAnswerSchema, signal })).orders,
    enabled: signedIn,
  });
}
