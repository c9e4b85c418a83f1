import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '~/lib/auth-client';
import { callAuth } from '~/lib/call-auth';
import { ME_QUERY_KEY, SIGNED_OUT } from './get-me';

/** Ends every session of the account, this one included. */
export function signOutEverywhere(): Promise<void> {
  return callAuth(() => authClient.revokeSessions());
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      queryClient.setQueryData(ME_QUERY_KEY, SIGNED_OUT);
      // Nothing of the account may stay on screen or in memory.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
    },
  });
}
