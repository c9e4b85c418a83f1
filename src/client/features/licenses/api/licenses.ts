import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminActionAnswerSchema } from '../../../../domain/admin';
import {
  type LicenseCheckoutRequest,
  licenseCheckoutAnswerSchema,
  type LicenseListQuery,
  publicLicenseSchema,
} from '../../../../domain/licenses';
import { apiRequest } from '~/lib/api-client';

function listPath(query: LicenseListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.platform) params.set('platform', query.platform);
  const search = params.toString();
  return search ? `/api/licenses?${search}` : '/api/licenses';
}

export function licensesQueryOptions(query: LicenseListQuery) {
  return queryOptions({
    queryKey: ['licenses', query],
    queryFn: ({ signal }) => apiRequest(listPath(query), { schema: z.array(publicLicenseSchema), signal }),
  });
}

/** The catalogue, searched and filtered on the server, with each product's stock now. */
export function useLicenses(query: LicenseListQuery) {
  return useQuery({ ...licensesQueryOptions(query), placeholderData: (previous) => previous });
}

export function licenseQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['licenses', 'product', slug],
    queryFn: ({ signal }) =>
      apiRequest(`/api/licenses/${encodeURIComponent(slug)}`, { schema: publicLicenseSchema, signal }),
  });
}

export function useLicense(slug: string) {
  return useQuery(licenseQueryOptions(slug));
}

export function useLicenseCheckout() {
  return useMutation({
    mutationFn: (request: LicenseCheckoutRequest) =>
      apiRequest('/api/licenses/checkout', { method: 'POST', body: request, schema: licenseCheckoutAnswerSchema }),
  });
}

export function useStockAlert(slug: string) {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(`/api/licenses/${encodeURIComponent(slug)}/notify`, {
        method: 'POST',
        body: { email },
        schema: adminActionAnswerSchema,
      }),
  });
}
