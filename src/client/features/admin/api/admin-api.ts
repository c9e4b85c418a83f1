import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminActionAnswerSchema,
  type AdminOrderActionRequest,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  auditPageSchema,
  overviewSchema,
} from '../../../../domain/admin';
import { apiRequest } from '~/lib/api-client';

/** A query string of the filled-in fields only. */
function queryString(params: Readonly<Record<string, string | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => apiRequest('/api/admin/overview', { schema: overviewSchema, signal }),
  });
}

export const useOverview = () => useQuery(overviewQueryOptions());

export function useAdminOrders(params: Readonly<Record<string, string | undefined>>) {
  const search = queryString(params);
  return useQuery({
    queryKey: ['admin', 'orders', search],
    queryFn: ({ signal }) => apiRequest(`/api/admin/orders${search}`, { schema: adminOrderPageSchema, signal }),
    // The table keeps the page it shows while the next one loads, so rows never jump to a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function adminOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['admin', 'order', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/orders/${encodeURIComponent(id)}`, { schema: adminOrderDetailSchema, signal }),
  });
}

export const useAdminOrder = (id: string) => useQuery(adminOrderQueryOptions(id));

/** An action on an order; the order, the lists and the overview are asked again once it is done. */
export function useOrderAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: AdminOrderActionRequest) =>
      apiRequest(`/api/admin/orders/${encodeURIComponent(id)}/actions`, {
        method: 'POST',
        body: request,
        schema: adminActionAnswerSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useAudit(params: Readonly<Record<string, string | undefined>>) {
  const search = queryString(params);
  return useQuery({
    queryKey: ['admin', 'audit', search],
    queryFn: ({ signal }) => apiRequest(`/api/admin/audit${search}`, { schema: auditPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
