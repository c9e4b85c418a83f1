import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../../../domain/me';
import { apiRequest } from '~/lib/api-client';

export const ME_QUERY_KEY = ['me'] as const;

export const SIGNED_OUT: Me = { user: null, isAdmin: false };

// Requested at once but not awaited at start-up: zod stays out of the JS every page needs before it runs.
const meSchemas = import('../../../../domain/me');

export async function getMe(signal?: AbortSignal): Promise<Me> {
  const { meSchema } = await meSchemas;
  return apiRequest('/api/me', { schema: meSchema, signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => getMe(signal) });
}

/** The signed-in user (or null) and whether they are an admin. */
export function useMe() {
  return useQuery(meQueryOptions());
}
