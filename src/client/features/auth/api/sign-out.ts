import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY, SIGNED_OUT } from './get-me';

export async function signOut(): Promise<void> {
  // The auth client loads on first use: every page's header offers Sign Out, few visitors press it.
  const [{ authClient }, { callAuth }] = await Promise.all([import('~/lib/auth-client'), import('~/lib/call-auth')]);
  return callAuth(() => authClient.signOut());
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.setQueryData(ME_QUERY_KEY, SIGNED_OUT);
      // Nothing of the previous account may stay on screen or in memory.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
