// The unlock form's messages and its carrier list, without zod: the home page's panel uses them as
// it starts (ADR 097); `unlock-form.ts` builds the form's schema from them.
import { EMAIL_INVALID } from './email-format.ts';

/** Spec section 5 "Unlock form". */
export const UNLOCK_FORM_MESSAGES = {
  imeiLength: 'IMEI must be 15 digits',
  imeiDigits: 'IMEI must contain only numbers',
  imeiChecksum: 'Invalid IMEI number',
  brand: 'Please select a brand',
  model: 'Please select a model',
  carrier: 'Please select your current carrier',
  country: 'Please select your country',
  email: EMAIL_INVALID,
  agreeToTerms: 'You must agree to the terms',
} as const;

/** Comma-joined multi-select value (spec section 9): trimmed, without blanks or repeats. */
export function joinCarriers(slugs: readonly string[]): string {
  return [...new Set(slugs.map((slug) => slug.trim()).filter(Boolean))].join(',');
}

export function splitCarriers(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((slug) => slug.trim())
        .filter(Boolean),
    ),
  ];
}
