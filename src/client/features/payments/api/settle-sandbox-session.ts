import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxRedirectSchema } from '../../../../domain/sandbox-payment';
import { ApiError, apiRequest } from '~/lib/api-client';
import { sandboxSessionQueryOptions } from './get-sandbox-session';

export type SandboxAction = 'pay' | 'cancel';

/** POST /api/sandbox-payments/:id/pay or /cancel: the sandbox settles the session and says where to go. */
export async function settleSandboxSession(sessionId: string, action: SandboxAction): Promise<string> {
  const { url } = await apiRequest(`/api/sandbox-payments/${encodeURIComponent(sessionId)}/${action}`, {
    method: 'POST',
    schema: sandboxRedirectSchema,
  });
  return url;
}

/**
 * Pays or cancels, then sends the browser on to the store (receipt or shop). A refusal (the
 * session ran out or was paid meanwhile) reloads the session so the page shows where it stands.
 */
export function useSettleSandboxSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SandboxAction) => settleSandboxSession(sessionId, action),
    onSuccess: (url) => window.location.assign(url),
    onError: async (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        await queryClient.invalidateQueries({ queryKey: sandboxSessionQueryOptions(sessionId).queryKey });
      }
    },
  });
}
