import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ShareLink, shareLinkSchema, shareLinksAnswerSchema } from '../../../../domain/order-tracking';
import { apiRequest } from '~/lib/api-client';
import type { OrderAccess } from '~/lib/get-order';

function sharesPath({ orderId, token }: OrderAccess, shareId?: string): string {
  const query = token ? `?${new URLSearchParams({ token }).toString()}` : '';
  const tail = shareId ? `/${encodeURIComponent(shareId)}` : '';
  return `/api/orders/${encodeURIComponent(orderId)}/shares${tail}${query}`;
}

const sharesKey = (access: OrderAccess) => ['order-shares', access.orderId, access.token] as const;

/** GET /api/orders/:id/shares: the order's live share links (owner only). */
export function useShareLinks(access: OrderAccess) {
  return useQuery(
    queryOptions({
      queryKey: sharesKey(access),
      queryFn: async ({ signal }) =>
        (await apiRequest(sharesPath(access), { schema: shareLinksAnswerSchema, signal })).links,
    }),
  );
}

/** POST /api/orders/:id/shares: a new read-only link, added to the list. */
export function useCreateShareLink(access: OrderAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(sharesPath(access), { method: 'POST', schema: shareLinkSchema }),
    onSuccess: (link) => queryClient.setQueryData<ShareLink[]>(sharesKey(access), (links = []) => [...links, link]),
  });
}

/** DELETE /api/orders/:id/shares/:shareId: the link stops working at once; answers the links left. */
export function useRevokeShareLink(access: OrderAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      apiRequest(sharesPath(access, shareId), { method: 'DELETE', schema: shareLinksAnswerSchema }),
    onSuccess: ({ links }) => queryClient.setQueryData(sharesKey(access), links),
  });
}
