import { useMutation } from '@tanstack/react-query';
import { authClient } from '~/lib/auth-client';
import { callAuth } from '~/lib/call-auth';

/** Where the emailed link lands; better-auth appends ?token=... (or ?error=INVALID_TOKEN). */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

export function requestPasswordReset({ email }: { email: string }): Promise<void> {
  return callAuth(() => authClient.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
