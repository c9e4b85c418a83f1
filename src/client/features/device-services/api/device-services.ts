import { useMutation } from '@tanstack/react-query';
import type { DeviceServiceOrderRequest } from '../../../../domain/device-services';
import { unlockOrderAnswerSchema } from '../../../../domain/unlock-order';
import { apiRequest } from '~/lib/api-client';

/** POST /api/device-services: the payment page to send the browser to, or an ApiError. */
export function useOrderDeviceService() {
  return useMutation({
    mutationFn: (request: DeviceServiceOrderRequest) =>
      apiRequest('/api/device-services', { method: 'POST', body: request, schema: unlockOrderAnswerSchema }),
  });
}
