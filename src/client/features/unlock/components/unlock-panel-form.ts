import type { Resolver } from 'react-hook-form';
import type { UnlockOrder } from '../../../../domain/unlock-panel';
import type * as ResolverModuleNamespace from './unlock-panel-resolver';

type ResolverModule = typeof ResolverModuleNamespace;

/** The panel's form as typed and chosen; `UnlockOrder` is what it becomes once valid. */
export interface UnlockPanelValues {
  country: string;
  carrier: string;
  brand: string;
  model: string;
  imei: string;
  email: string;
  agreeToTerms: boolean;
}

/** The fields in the order they are shown: Unlock Now focuses the first invalid one. */
export const FIELD_ORDER = ['country', 'carrier', 'brand', 'model', 'imei', 'email', 'agreeToTerms'] as const;

export const FIELD_ID = {
  country: 'unlock-country',
  carrier: 'unlock-carrier',
  brand: 'unlock-brand',
  model: 'unlock-model',
  imei: 'unlock-imei',
  email: 'unlock-email',
  terms: 'unlock-terms',
} as const;

let resolver: Promise<ResolverModule> | undefined;
const loadResolver = () => (resolver ??= import('./unlock-panel-resolver'));

/** Starts loading the form's schema (zod and the resolver) ahead of its first check. */
export function preloadResolver(): void {
  void loadResolver();
}

/**
 * The form's check, loaded on its first use: zod and the form's schema are not part of the home
 * page's start-up JavaScript (ADR 097). react-hook-form awaits a resolver, so a check made before
 * the module has arrived waits for it.
 */
export const resolveOrder: Resolver<UnlockPanelValues, unknown, UnlockOrder> = async (values, context, options) => {
  const { resolveOrderNow } = await loadResolver();
  return resolveOrderNow(values, context, options);
};
