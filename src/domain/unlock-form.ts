import { z } from 'zod';
import { isEmailFormat } from './email-format.ts';
import { IMEI_LENGTH, isLuhnValid, stripImeiSeparators } from './imei.ts';
import { UNLOCK_FORM_MESSAGES, joinCarriers, splitCarriers } from './unlock-fields.ts';

export { UNLOCK_FORM_MESSAGES, joinCarriers, splitCarriers };

const M = UNLOCK_FORM_MESSAGES;

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
