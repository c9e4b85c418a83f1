import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { unlockPanelSchema, type UnlockOrder } from '../../../../domain/unlock-panel';

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

// The schema depends on the brand: the model is required only when its field is shown.
export const resolveOrder: Resolver<UnlockPanelValues, unknown, UnlockOrder> = (values, context, options) =>
  zodResolver(unlockPanelSchema(values.brand))(values, context, options);
