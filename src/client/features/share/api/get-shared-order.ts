import { useQuery } from '@tanstack/react-query';
import { isOrderSettled } from '../../../../domain/order-page';
import { type SharedOrder, sharedOrderSchema } from '../../../../domain/order-tracking';
import { ApiError } from '~/lib/api-client';
import { type ApiQuery, apiQueryOptions } from '~/lib/api-query';
import { apiPageData, type PageApi, type PageData } from '~/lib/page-data';

/** A shared page has no live stream: it looks again this often while the order runs. */
export const SHARED_ORDER_REFRESH_MS = 30_000;

/** GET /api/shares/:token: the read-only view of a shared order; 404 once revoked. */
const sharedOrderQuery = (token: string): ApiQuery<SharedOrder> => ({
  queryKey: ['shared-order', token],
  path: `/api/shares/${encodeURIComponent(token)}`,
  schema: sharedOrderSchema,
});

export function useSharedOrder(token: string) {
  return useQuery({
    ...apiQueryOptions(sharedOrderQuery(token)),
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !isOrderSettled(status) ? SHARED_ORDER_REFRESH_MS : false;
    },
  });
}

/** The shared page's first answer with the order in it (ADR 102); a revoked link is asked for by the page. */
export const sharedOrderPageData = (api: PageApi | undefined, token: string): Promise<PageData> =>
  apiPageData(api, token ? [sharedOrderQuery(token)] : []);
