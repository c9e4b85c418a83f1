import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_REFRESH_MS, hasOpenOrders } from '../../../../domain/dashboard';
import { accountOrdersAnswerSchema, type AccountOrder } from '../../../../domain/order';
import { ACCOUNT_ORDERS_API_PATH } from '../../../../domain/order-page';
import { apiRequest } from '~/lib/api-client';

export async function getAccountOrders(signal?: AbortSignal): Promise<AccountOrder[]> {
  return (await apiRequest(ACCOUNT_ORDERS_API_PATH, { schema: accountOrdersAnswerSchema, signal })).orders;
}

export function accountOrdersQueryOptions() {
  return queryOptions({ queryKey: ['account', 'orders'], queryFn: ({ signal }) => getAccountOrders(signal) });
}

/**
 * The signed-in customer's orders, newest first; asked for only while someone is signed in, and
 * asked again every few seconds while any of them is still under way (a visible tab only).
 */
export function useAccountOrders({ signedIn }: { signedIn: boolean }) {
  return useQuery({
    ...accountOrdersQueryOptions(),
    enabled: signedIn,
    refetchInterval: (query) => (query.state.data && hasOpenOrders(query.state.data) ? DASHBOARD_REFRESH_MS : false),
  });
}
