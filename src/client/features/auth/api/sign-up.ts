import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUpInput } from '../../../../domain/auth';
import { authClient } from '~/lib/auth-client';
import { callAuth } from '~/lib/call-auth';
import { ME_QUERY_KEY } from './get-me';

export function signUp({ email, password }: SignUpInput): Promise<void> {
  // The store asks only for an email; the account's display name is its local part.
  const name = email.split('@')[0] ?? email;
  return callAuth(() => authClient.signUp.email({ email, password, name }));
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
