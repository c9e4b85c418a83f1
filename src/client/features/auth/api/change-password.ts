import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../domain/auth';
import { authClient } from '~/lib/auth-client';
import { callAuth } from '~/lib/call-auth';
import { ME_QUERY_KEY } from './get-me';

/** Changes the password (better-auth checks the current one) and signs every other device out. */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return callAuth(() =>
    authClient.changePassword({
      currentPassword: input.current_password,
      newPassword: input.new_password,
      revokeOtherSessions: true,
    }),
  );
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The session was renewed: ask who is signed in again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
