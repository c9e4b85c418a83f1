import { useMutation } from '@tanstack/react-query';
import { authClient } from '~/lib/auth-client';
import { callAuth } from '~/lib/call-auth';

export function resetPassword({ token, password }: { token: string; password: string }): Promise<void> {
  return callAuth(() => authClient.resetPassword({ newPassword: password, token }));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
