import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput } from '../../../../domain/auth';
import { authClient } from '~/lib/auth-client';
import { callAuth } from '~/lib/call-auth';
import { ME_QUERY_KEY } from './get-me';

export function signIn({ email, password }: SignInInput): Promise<void> {
  return callAuth(() => authClient.signIn.email({ email, password }));
}

/** Signs in, then waits for the fresh session so the header and guarded pages see it. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
