import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  guestUpgradeAnswerSchema,
  guestUpgradePreviewSchema,
  type GuestLink,
  type GuestUpgradeAnswer,
  type GuestUpgradePreview,
  type GuestUpgradeRequest,
} from '../../../../domain/guest-upgrade';
import { apiRequest } from '~/lib/api-client';

const PATH = '/api/accounts/guest-upgrade';

export function getGuestUpgrade(link: GuestLink, signal?: AbortSignal): Promise<GuestUpgradePreview> {
  const query = new URLSearchParams({ order_id: link.order_id, token: link.token });
  return apiRequest(`${PATH}?${query.toString()}`, { schema: guestUpgradePreviewSchema, signal });
}

export function guestUpgradeQueryOptions(link: GuestLink) {
  return queryOptions({
    queryKey: ['guest-upgrade', link.order_id, link.token],
    queryFn: ({ signal }) => getGuestUpgrade(link, signal),
    // A wrong link stays wrong: say so at once.
    retry: false,
  });
}

/** What the order link leads to: whose orders, how many, and whether that email has an account. */
export function useGuestUpgrade(link: GuestLink) {
  return useQuery(guestUpgradeQueryOptions(link));
}

export function upgradeGuest(request: GuestUpgradeRequest): Promise<GuestUpgradeAnswer> {
  return apiRequest(PATH, { method: 'POST', body: request, schema: guestUpgradeAnswerSchema });
}

/** Creates the account, signed in, holding the email's orders. */
export function useUpgradeGuest() {
  return useMutation({ mutationFn: upgradeGuest });
}

export function claimOrders(link: GuestLink): Promise<GuestUpgradeAnswer> {
  return apiRequest('/api/accounts/claim-orders', { method: 'POST', body: link, schema: guestUpgradeAnswerSchema });
}

/** The signed-in account with the order's email takes that email's guest orders. */
export function useClaimOrders() {
  return useMutation({ mutationFn: claimOrders });
}
