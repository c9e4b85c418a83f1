import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SandboxSession, sandboxSessionSchema } from '../../../../domain/sandbox-payment';
import { apiRequest } from '~/lib/api-client';

export function getSandboxSession(sessionId: string, signal?: AbortSignal): Promise<SandboxSession> {
  return apiRequest(`/api/sandbox-payments/${encodeURIComponent(sessionId)}`, { schema: sandboxSessionSchema, signal });
}

export function sandboxSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['sandbox-payments', sessionId],
    queryFn: ({ signal }) => getSandboxSession(sessionId, signal),
    // A session changes only when this page pays or cancels it, or when it runs out.
    staleTime: 0,
  });
}

/** The sandbox checkout session the hosted payment page shows. */
export function useSandboxSession(sessionId: string) {
  return useQuery(sandboxSessionQueryOptions(sessionId));
}
