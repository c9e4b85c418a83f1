import { queryOptions, useQuery } from '@tanstack/react-query';
import { isOrderSettled } from '../../../../domain/order-page';
import { sharedOrderSchema } from '../../../../domain/order-tracking';
import { ApiError, apiRequest } from '~/lib/api-client';
import { type PageApi, type PageData, pageData, readAnswer } from '~/lib/page-data';

/** A shared page has no live stream: it looks again this often while the order runs. */
export const SHARED_ORDER_REFRESH_MS = 30_000;

const sharedOrderPath = (token: string) => `/api/shares/${encodeURIComponent(token)}`;
const sharedOrderKey = (token: string) => ['shared-order', token] as const;

/** GET /api/shares/:token: the read-only view of a shared order; 404 once revoked. */
export function useSharedOrder(token: string) {
  return useQuery(
    queryOptions({
      queryKey: sharedOrderKey(token),
      queryFn: ({ signal }) => apiRequest(sharedOrderPath(token), { schema: sharedOrderSchema, signal }),
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return status && !isOrderSettled(status) ? SHARED_ORDER_REFRESH_MS : false;
      },
    }),
  );
}

/** The shared page's first answer with the order in it (ADR 102); a revoked link is asked for by the page. */
export async function sharedOrderPageData(api: PageApi | undefined, token: string): Promise<PageData> {
  const shared = token ? await readAnswer(api, sharedOrderPath(token), sharedOrderSchema) : null;
  return pageData(shared ? [[sharedOrderKey(token), shared]] : []);
}
