import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminActionAnswerSchema,
  type AdminOrderActionRequest,
  type AdminOrderDetail,
  adminOrderDetailSchema,
  type AdminOrderPage,
  adminOrderPageSchema,
  type AuditPage,
  auditPageSchema,
  type Overview,
  overviewSchema,
} from '../../../../domain/admin';
import {
  type AdminConversationList,
  adminConversationListSchema,
} from '../../../../domain/support-conversations';
import {
  type AliasInput,
  type AliasList,
  aliasListSchema,
  aliasPreviewSchema,
  type AliasType,
} from '../../../../domain/admin-aliases';
import {
  brandRowSchema,
  carrierRowSchema,
  type RegionCountryRow,
  regionCountryRowSchema,
} from '../../../../domain/reference-data';
import {
  type PricingOverview,
  pricingOverviewSchema,
  type PricingRuleInput,
  rulePreviewSchema,
  type SkuUpdate,
} from '../../../../domain/admin-pricing';
import type { PricedProductKind } from '../../../../domain/product-prices';
import { keyImportAnswerSchema, type LicenseStock, licenseStockSchema } from '../../../../domain/licenses';
import { productPricesQueryOptions } from '~/lib/product-prices';
import {
  type LinkCorrection,
  type LinkDecisions,
  type LinkList,
  linkListSchema,
  type LinkState,
} from '../../../../domain/admin-linker';
import { type AdminUserList, adminUserListSchema } from '../../../../domain/admin-users';
import {
  type AdminServiceRequestList,
  adminServiceRequestListSchema,
  type OutboxList,
  outboxListSchema,
  type SubscriberList,
  subscriberListSchema,
} from '../../../../domain/admin-inbox';
import { type AdminBugReportList, adminBugReportListSchema } from '../../../../domain/bug-report';
import {
  type AdminCouponList,
  adminCouponListSchema,
  adminCouponSchema,
  type CouponCreate,
  type CouponUpdate,
} from '../../../../domain/coupon';
import { apiRequest } from '~/lib/api-client';
import { type ApiQuery, apiQueryOptions, queryString } from '~/lib/api-query';
import { z } from 'zod';

// The queries the admin pages open with, named once: each page's loader hands them to the browser
// answered with the first answer (ADR 102), the page asks for them itself when moved to in the app.

export const overviewQuery: ApiQuery<Overview> = {
  queryKey: ['admin', 'overview'],
  path: '/api/admin/overview',
  schema: overviewSchema,
};

export const useOverview = () => useQuery(apiQueryOptions(overviewQuery));

/** A page of orders; `params` are the page's address's filters (and cursor). */
export function adminOrdersQuery(params: Readonly<Record<string, string | undefined>>): ApiQuery<AdminOrderPage> {
  const search = queryString(params);
  return { queryKey: ['admin', 'orders', search], path: `/api/admin/orders${search}`, schema: adminOrderPageSchema };
}

export function useAdminOrders(params: Readonly<Record<string, string | undefined>>) {
  return useQuery({
    ...apiQueryOptions(adminOrdersQuery(params)),
    // The table keeps the page it shows while the next one loads, so rows never jump to a skeleton.
    placeholderData: keepPreviousData,
  });
}

export const adminOrderQuery = (id: string): ApiQuery<AdminOrderDetail> => ({
  queryKey: ['admin', 'order', id],
  path: `/api/admin/orders/${encodeURIComponent(id)}`,
  schema: adminOrderDetailSchema,
});

export const useAdminOrder = (id: string) => useQuery(apiQueryOptions(adminOrderQuery(id)));

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

/** A page of the audit log; `params` are the page's address's filters (and `before`). */
export function auditQuery(params: Readonly<Record<string, string | undefined>>): ApiQuery<AuditPage> {
  const search = queryString(params);
  return { queryKey: ['admin', 'audit', search], path: `/api/admin/audit${search}`, schema: auditPageSchema };
}

export function useAudit(params: Readonly<Record<string, string | undefined>>) {
  return useQuery({ ...apiQueryOptions(auditQuery(params)), placeholderData: keepPreviousData });
}

export function aliasesQuery(type: AliasType, q: string, limit: number): ApiQuery<AliasList> {
  const search = queryString({ type, q: q.trim() || undefined, limit: String(limit) });
  return { queryKey: ['admin', 'aliases', search], path: `/api/admin/aliases${search}`, schema: aliasListSchema };
}

export function useAliases(type: AliasType, q: string, limit: number) {
  return useQuery({ ...apiQueryOptions(aliasesQuery(type, q, limit)), placeholderData: keepPreviousData });
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

export const regionCountriesQuery: ApiQuery<RegionCountryRow[]> = {
  queryKey: ['catalog', 'region-countries'],
  path: '/api/catalog/region-countries',
  schema: z.array(regionCountryRowSchema),
};

export const useRegionCountries = () => useQuery({ ...apiQueryOptions(regionCountriesQuery), staleTime: Infinity });

export const couponsQuery: ApiQuery<AdminCouponList> = {
  queryKey: ['admin', 'coupons'],
  path: '/api/admin/coupons',
  schema: adminCouponListSchema,
};

export const useCoupons = () => useQuery(apiQueryOptions(couponsQuery));

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

export function usersQuery(q: string, adminsOnly: boolean): ApiQuery<AdminUserList> {
  const search = queryString({ q: q.trim() || undefined, admins: adminsOnly ? 'only' : undefined });
  return { queryKey: ['admin', 'users', search], path: `/api/admin/users${search}`, schema: adminUserListSchema };
}

export function useUsers(q: string, adminsOnly: boolean) {
  return useQuery({ ...apiQueryOptions(usersQuery(q, adminsOnly)), placeholderData: keepPreviousData });
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

export const bugReportsQuery: ApiQuery<AdminBugReportList> = {
  queryKey: ['admin', 'bug-reports'],
  path: '/api/admin/bug-reports',
  schema: adminBugReportListSchema,
};

export const useBugReports = () => useQuery(apiQueryOptions(bugReportsQuery));

export const serviceRequestsQuery: ApiQuery<AdminServiceRequestList> = {
  queryKey: ['admin', 'service-requests'],
  path: '/api/admin/service-requests',
  schema: adminServiceRequestListSchema,
};

export const useServiceRequests = () => useQuery(apiQueryOptions(serviceRequestsQuery));

/** Support conversations: open ones longest waiting first, or all, or the one `id` names. */
export function supportConversationsQuery(view: 'open' | 'all', id?: string): ApiQuery<AdminConversationList> {
  const search = queryString({ view: view === 'open' ? undefined : view, id });
  return {
    queryKey: ['admin', 'support', search],
    path: `/api/admin/support/conversations${search}`,
    schema: adminConversationListSchema,
  };
}

export const useSupportConversations = (view: 'open' | 'all', id?: string) =>
  useQuery({ ...apiQueryOptions(supportConversationsQuery(view, id)), placeholderData: keepPreviousData });

export function outboxQuery(to: string): ApiQuery<OutboxList> {
  const search = queryString({ to: to.trim() || undefined });
  return { queryKey: ['admin', 'outbox', search], path: `/api/admin/mail-outbox${search}`, schema: outboxListSchema };
}

export const useOutbox = (to: string) =>
  useQuery({ ...apiQueryOptions(outboxQuery(to)), placeholderData: keepPreviousData });

export function subscribersQuery(q: string): ApiQuery<SubscriberList> {
  const search = queryString({ q: q.trim() || undefined });
  return {
    queryKey: ['admin', 'subscribers', search],
    path: `/api/admin/newsletter/subscribers${search}`,
    schema: subscriberListSchema,
  };
}

export const useSubscribers = (q: string) =>
  useQuery({ ...apiQueryOptions(subscribersQuery(q)), placeholderData: keepPreviousData });

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
export function linkListQuery(state: LinkState, q: string): ApiQuery<LinkList> {
  const search = queryString({ state, q: q.trim() || undefined });
  return {
    queryKey: ['admin', 'auto-linker', search],
    path: `/api/admin/auto-linker${search}`,
    schema: linkListSchema,
  };
}

export const useLinkList = (state: LinkState, q: string) =>
  useQuery({ ...apiQueryOptions(linkListQuery(state, q)), placeholderData: keepPreviousData });

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

export const pricingQuery: ApiQuery<PricingOverview> = {
  queryKey: ['admin', 'pricing'],
  path: '/api/admin/pricing',
  schema: pricingOverviewSchema,
};

export const usePricing = () => useQuery(apiQueryOptions(pricingQuery));

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

export const licenseStockQuery: ApiQuery<LicenseStock> = {
  queryKey: ['admin', 'licenses'],
  path: '/api/admin/licenses',
  schema: licenseStockSchema,
};

export const useLicenseStock = () => useQuery(apiQueryOptions(licenseStockQuery));

export function useKeyImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest('/api/admin/licenses/import', { method: 'POST', body: { csv }, schema: keyImportAnswerSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
