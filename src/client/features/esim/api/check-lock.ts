import { useMutation } from '@tanstack/react-query';
import { lockCheckAnswerSchema } from '../../../../domain/device-checks';
import { apiRequest } from '~/lib/api-client';

/** The checkout's free "Is your phone unlocked?" check: one per submit. */
export function useLockCheck() {
  return useMutation({
    mutationFn: (imei: string) =>
      apiRequest('/api/checks/lock', { method: 'POST', body: { imei }, schema: lockCheckAnswerSchema }),
  });
}
