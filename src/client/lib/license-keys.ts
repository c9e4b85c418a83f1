import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revealedKeySchema } from '../../domain/licenses';
import { orderApiPath } from '../../domain/order-page';
import { refundRequestAnswerSchema } from '../../domain/device-service-forms';
import { apiRequest } from '~/lib/api-client';
import type { OrderAccess } from '~/lib/get-order';

/** Shows a license key to its owner (the first time records the reveal); the order is read again after. */
export function useRevealKey(access: OrderAccess) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      apiRequest(orderApiPath(access, `/license-keys/${encodeURIComponent(keyId)}/reveal`), {
        method: 'POST',
        schema: revealedKeySchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['order-page', access.orderId] }),
  });
}

/** The customer's own refund of an order whose keys are not revealed (POST /api/orders/{id}/refund). */
export function useCustomerRefund(access: OrderAccess) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(orderApiPath(access, '/refund'), { method: 'POST', schema: refundRequestAnswerSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: ['order-page', access.orderId] }),
  });
}
