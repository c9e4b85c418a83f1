import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminActionAnswerSchema,
  type AdminOrderActionRequest,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  auditPageSchema,
  overviewSchema,
} from '../../../../domain/admin';
import { type AliasInput, aliasListSchema, aliasPreviewSchema, type AliasType } from '../../../../domain/admin-aliases';
import { brandRowSchema, carrierRowSchema, regionCountryRowSchema } from '../../../../domain/reference-data';
import {
  pricingOverviewSchema,
  type PricingRuleInput,
  rulePreviewSchema,
  type SkuUpdate,
} from '../../../../domain/admin-pricing';
import type { PricedProductKind } from '../../../../domain/product-prices';
import { keyImportAnswerSchema, licenseStockSchema } from '../../../../domain/licenses';
import { productPricesQueryOptions } from '~/lib/product-prices';
import {
  type LinkCorrection,
  type LinkDecisions,
  linkListSchema,
  type LinkState,
} from '../../../../domain/admin-linker';
import { adminUserListSchema } from '../../../../domain/admin-users';
import { adminServiceRequestListSchema, outboxListSchema, subscriberListSchema } from '../../../../domain/admin-inbox';
import { adminBugReportSchema } from '../../../../domain/bug-report';
import {
  adminCouponListSchema,
  adminCouponSchema,
  type CouponCreate,
  type CouponUpdate,
} from '../../../../domain/coupon';
import { apiRequest } from '~/lib/api-client';
import { z } from 'zod';

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

export function useAliases(type: AliasType, q: string, limit: number) {
  const search = queryString({ type, q: q.trim() || undefined, limit: String(limit) });
  return useQuery({
    queryKey: ['admin', 'aliases', search],
    queryFn: ({ signal }) => apiRequest(`/api/admin/aliases${search}`, { schema: aliasListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What a typed text normalises to, asked as the admin types (the last answer stays meanwhile). */
export function useAliasPreview(text: string, country: string) {
  const search = queryString({ text: text.trim() || undefined, country: country.trim() || undefined });
  return useQuery({
    queryKey: ['admin', 'alias-preview', search],
    queryFn: ({ signal }) => apiRequest(`/api/admin/aliases/preview${search}`, { schema: aliasPreviewSchema, signal }),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export type AliasChange =
  | { readonly kind: 'add'; readonly alias: AliasInput }
  | { readonly kind: 'edit'; readonly from: AliasInput; readonly to: AliasInput }
  | { readonly kind: 'remove'; readonly alias: AliasInput };

export function useAliasChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AliasChange) =>
      apiRequest('/api/admin/aliases', {
        method: change.kind === 'add' ? 'POST' : change.kind === 'edit' ? 'PUT' : 'DELETE',
        body: change.kind === 'edit' ? { from: change.from, to: change.to } : change.alias,
        schema: adminActionAnswerSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRegionCountries() {
  return useQuery({
    queryKey: ['catalog', 'region-countries'],
    queryFn: ({ signal }) =>
      apiRequest('/api/catalog/region-countries', { schema: z.array(regionCountryRowSchema), signal }),
    staleTime: Infinity,
  });
}

export function useCoupons() {
  return useQuery({
    queryKey: ['admin', 'coupons'],
    queryFn: ({ signal }) => apiRequest('/api/admin/coupons', { schema: adminCouponListSchema, signal }),
  });
}

export type CouponChange =
  | { readonly kind: 'create'; readonly coupon: Omit<CouponCreate, 'code'> & { code: string } }
  | { readonly kind: 'update'; readonly code: string; readonly change: CouponUpdate };

export function useCouponChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CouponChange) =>
      request.kind === 'create'
        ? apiRequest('/api/admin/coupons', { method: 'POST', body: request.coupon, schema: z.unknown() })
        : apiRequest(`/api/admin/coupons/${encodeURIComponent(request.code)}`, {
            method: 'PATCH',
            body: request.change,
            schema: adminCouponSchema,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useUsers(q: string, adminsOnly: boolean) {
  const search = queryString({ q: q.trim() || undefined, admins: adminsOnly ? 'only' : undefined });
  return useQuery({
    queryKey: ['admin', 'users', search],
    queryFn: ({ signal }) => apiRequest(`/api/admin/users${search}`, { schema: adminUserListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRoleChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, admin }: { id: string; admin: boolean }) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(id)}/role`, {
        method: 'POST',
        body: { admin },
        schema: adminActionAnswerSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useBugReports() {
  return useQuery({
    queryKey: ['admin', 'bug-reports'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/bug-reports', { schema: z.object({ reports: z.array(adminBugReportSchema) }), signal }),
  });
}

export function useServiceRequests() {
  return useQuery({
    queryKey: ['admin', 'service-requests'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/service-requests', { schema: adminServiceRequestListSchema, signal }),
  });
}

export function useOutbox(to: string) {
  const search = queryString({ to: to.trim() || undefined });
  return useQuery({
    queryKey: ['admin', 'outbox', search],
    queryFn: ({ signal }) => apiRequest(`/api/admin/mail-outbox${search}`, { schema: outboxListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscribers(q: string) {
  const search = queryString({ q: q.trim() || undefined });
  return useQuery({
    queryKey: ['admin', 'subscribers', search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/newsletter/subscribers${search}`, { schema: subscriberListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A POST of the inbox (a status, a resend); the lists are asked again after. */
export function useInboxAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      apiRequest(path, { method: 'POST', body: body ?? {}, schema: adminActionAnswerSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The auto-linker's list of one link state, searched (the last answer stays while the next loads). */
export function useLinkList(state: LinkState, q: string) {
  const search = queryString({ state, q: q.trim() || undefined });
  return useQuery({
    queryKey: ['admin', 'auto-linker', search],
    queryFn: ({ signal }) => apiRequest(`/api/admin/auto-linker${search}`, { schema: linkListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export type LinkChange =
  | { readonly kind: 'decide'; readonly decisions: LinkDecisions }
  | { readonly kind: 'correct'; readonly toolId: string; readonly correction: LinkCorrection };

export function useLinkChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: LinkChange) =>
      change.kind === 'decide'
        ? apiRequest('/api/admin/auto-linker/decisions', {
            method: 'POST',
            body: change.decisions,
            schema: adminActionAnswerSchema,
          })
        : apiRequest(`/api/admin/auto-linker/${encodeURIComponent(change.toolId)}`, {
            method: 'PUT',
            body: change.correction,
            schema: adminActionAnswerSchema,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Every brand and carrier of the catalogue, for linking a service by hand. */
export function useLinkChoices() {
  return useQuery({
    queryKey: ['catalog', 'link-choices'],
    queryFn: async ({ signal }) => {
      const [brands, carriers] = await Promise.all([
        apiRequest('/api/catalog/brands', { schema: z.array(brandRowSchema), signal }),
        apiRequest('/api/catalog/carriers', { schema: z.array(carrierRowSchema), signal }),
      ]);
      return { brands, carriers };
    },
    staleTime: Infinity,
  });
}

export function usePricing() {
  return useQuery({
    queryKey: ['admin', 'pricing'],
    queryFn: ({ signal }) => apiRequest('/api/admin/pricing', { schema: pricingOverviewSchema, signal }),
  });
}

export type PricingChange =
  | { readonly kind: 'sku'; readonly skuId: number; readonly update: SkuUpdate }
  | { readonly kind: 'esim'; readonly packageId: string; readonly priceCents: number }
  | {
      readonly kind: 'product';
      readonly productKind: PricedProductKind;
      readonly productId: string;
      readonly priceCents: number;
    }
  | { readonly kind: 'rule'; readonly rule: PricingRuleInput };

/** A price change of one priced thing: an eSIM package or a device check or service. */
export type PriceChange = Extract<PricingChange, { priceCents: number }>;

function pricingRequest(change: PricingChange): { path: string; body: unknown } {
  switch (change.kind) {
    case 'sku':
      return { path: `/api/admin/pricing/skus/${change.skuId}`, body: change.update };
    case 'esim':
      return {
        path: `/api/admin/pricing/esim/${encodeURIComponent(change.packageId)}`,
        body: { price_cents: change.priceCents },
      };
    case 'product':
      return {
        path: `/api/admin/pricing/products/${change.productKind}/${encodeURIComponent(change.productId)}`,
        body: { price_cents: change.priceCents },
      };
    case 'rule':
      return { path: '/api/admin/pricing/rule', body: change.rule };
  }
}

export function usePricingChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PricingChange) => {
      const { path, body } = pricingRequest(change);
      return apiRequest(path, { method: 'PUT', body, schema: adminActionAnswerSchema });
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['admin'] });
      await client.invalidateQueries({ queryKey: productPricesQueryOptions().queryKey });
    },
  });
}

/** A proposed rule tried on recent quotes; changes nothing. */
export function useRulePreview() {
  return useMutation({
    mutationFn: (rule: PricingRuleInput) =>
      apiRequest('/api/admin/pricing/rule/preview', { method: 'POST', body: rule, schema: rulePreviewSchema }),
  });
}

export function useLicenseStock() {
  return useQuery({
    queryKey: ['admin', 'licenses'],
    queryFn: ({ signal }) => apiRequest('/api/admin/licenses', { schema: licenseStockSchema, signal }),
  });
}

export function useKeyImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest('/api/admin/licenses/import', { method: 'POST', body: { csv }, schema: keyImportAnswerSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
