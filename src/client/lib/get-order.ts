import type { QueryKey } from '@tanstack/react-query';
import { type OrderAnswer, orderAnswerSchema } from '../../domain/order-answer';
import { type OrderAccess, orderApiPath } from '../../domain/order-page';
import { apiRequest } from '~/lib/api-client';
import type { ApiQuery } from '~/lib/api-query';
import { apiPageData, type PageApi, type PageData } from '~/lib/page-data';

export type { OrderAccess };

/** GET /api/orders/:id?token=...: the order, or a 404 for anyone but its token holder or owner. */
export function getOrder(access: OrderAccess, signal?: AbortSignal): Promise<OrderAnswer> {
  return apiRequest(orderApiPath(access), { schema: orderAnswerSchema, signal });
}

/**
 * A page's first answer with the order in it (ADR 102), under the key its page keeps it by: the
 * order page, a check's result, the eSIM receipt. An order the link does not open is asked for by
 * the page, which says why.
 */
export function orderPageData(api: PageApi | undefined, access: OrderAccess, queryKey: QueryKey): Promise<PageData> {
  const order: ApiQuery<OrderAnswer> = { queryKey, path: orderApiPath(access), schema: orderAnswerSchema };
  return apiPageData(api, access.orderId ? [order] : []);
}
