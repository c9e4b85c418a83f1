import { z } from 'zod';
import { EMAIL_INVALID, isEmailFormat } from './email.ts';
import { IMEI_LENGTH, isLuhnValid, stripImeiSeparators } from './imei.ts';

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

const M = UNLOCK_FORM_MESSAGES;

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

// One message per field: letters are the first thing to fix, then the length, and only then the checksum.
function imeiProblem(imei: string): string | null {
  if (!/^\d*$/.test(imei)) return M.imeiDigits;
  if (imei.length !== IMEI_LENGTH) return M.imeiLength;
  if (!isLuhnValid(imei)) return M.imeiChecksum;
  return null;
}

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The unlock form's IMEI rule (spec section 5), which the refund form shares ("imei as above"). */
export const imeiFieldSchema = z
  .string({ error: M.imeiLength })
  .overwrite(stripImeiSeparators)
  .check((ctx) => {
    const message = imeiProblem(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });

export const unlockFormSchema = z.object({
  imei: imeiFieldSchema,
  brand: requiredText(M.brand),
  model: requiredText(M.model),
  carrier: z
    .string({ error: M.carrier })
    .overwrite((value) => joinCarriers(splitCarriers(value)))
    .min(1, M.carrier),
  country: requiredText(M.country),
  // Optional in the schema (spec section 5) though the field is marked required on screen.
  email: z
    .string({ error: M.email })
    .trim()
    .refine((email) => email === '' || isEmailFormat(email), M.email)
    .default(''),
  agreeToTerms: z.boolean({ error: M.agreeToTerms }).refine((agreed) => agreed, M.agreeToTerms),
});

export type UnlockForm = z.infer<typeof unlockFormSchema>;
/** What the form holds before parsing (email may still be missing). */
export type UnlockFormInput = z.input<typeof unlockFormSchema>;
