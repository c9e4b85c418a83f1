import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountOrdersAnswerSchema, type AccountOrder } from '../../../../domain/order';
import { apiRequest } from '~/lib/api-client';

export async function getAccountOrders(signal?: AbortSignal): Promise<AccountOrder[]> {
  return (await apiRequest('/api/orders', { schema: accountOrdersAnswerSchema, signal })).orders;
}

export function accountOrdersQueryOptions() {
  return queryOptions({ queryKey: ['account', 'orders'], queryFn: ({ signal }) => getAccountOrders(signal) });
}

/** The signed-in customer's orders, newest first; asked for only while someone is signed in. */
export function useAccountOrders({ signedIn }: { signedIn: boolean }) {
  return useQuery({ ...accountOrdersQueryOptions(), enabled: signedIn });
}
