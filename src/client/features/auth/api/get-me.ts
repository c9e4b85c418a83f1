import { queryOptions, useQuery } from '@tanstack/react-query';
import { isMe } from '../../../../domain/answer-checks';
import type { Me } from '../../../../domain/me';
import { apiRequest, readerOf } from '~/lib/api-client';

export const ME_QUERY_KEY = ['me'] as const;

export const SIGNED_OUT: Me = { user: null, isAdmin: false };

// Every page asks as it starts: read with the zod-free check of meSchema (ADR 097).
export const meReader = readerOf(isMe);

export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest('/api/me', { schema: meReader, signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => getMe(signal) });
}

/** The signed-in user (or null) and whether they are an admin. */
export function useMe() {
  return useQuery(meQueryOptions());
}
