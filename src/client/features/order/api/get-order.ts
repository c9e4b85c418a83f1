import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_POLL_FALLBACK_MS } from '../../../../domain/order-tracking';
import { orderAnswerSchema } from '../../../../domain/order-answer';
import { isOrderSettled, orderApiPath } from '../../../../domain/order-page';
import { ApiError } from '~/lib/api-client';
import { type OrderAccess, getOrder } from '~/lib/get-order';
import { type PageApi, type PageData, pageData, readAnswer } from '~/lib/page-data';

export type { OrderAccess };

export const orderQueryKey = (access: OrderAccess) => ['order-page', access.orderId, access.token] as const;

/**
 * The order. The live stream keeps it fresh (use-live-order); `poll` asks for it every few
 * seconds instead while the stream is down and the order can still change.
 */
export function useOrder(access: OrderAccess, { poll }: { poll: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: orderQueryKey(access),
      queryFn: ({ signal }) => getOrder(access, signal),
      staleTime: 0,
      // A refused link stays refused; a failed connection is tried again twice.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status < 500 && error.status > 0),
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return poll && status && !isOrderSettled(status) ? ORDER_POLL_FALLBACK_MS : false;
      },
    }),
  );
}

/**
 * The order page's first answer with the order in it (ADR 102), for `/order/:id` and a check's result
 * page; an order the link does not open is asked for by the page, which says why.
 */
export async function orderPageData(api: PageApi | undefined, access: OrderAccess): Promise<PageData> {
  const order = access.orderId ? await readAnswer(api, orderApiPath(access), orderAnswerSchema) : null;
  return pageData(order ? [[orderQueryKey(access), order]] : []);
}
