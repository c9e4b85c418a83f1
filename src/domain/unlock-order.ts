import { z } from 'zod';
import { CHECKOUT_EMAIL_INVALID, isValidCheckoutEmail } from './checkout-email.ts';
import { EMAIL_MAX } from './email.ts';
import { COUPON_CODE_MAX } from './esim-checkout.ts';
import { IMEI_LENGTH, isLuhnValid, stripImeiSeparators } from './imei.ts';
import { TEXT_MAX, boundedText } from './text.ts';
import { UNLOCK_FORM_MESSAGES, joinCarriers, splitCarriers } from './unlock-form.ts';

/** The answer to an order whose quote ran out or no longer holds (409 QUOTE_CHANGED, with `details.quote`). */
export const QUOTE_CHANGED_MESSAGE = 'The price changed, please review.';
/** The answer to a second unlock of an IMEI already paid and in progress (409 UNLOCK_IN_PROGRESS, with `details.order_url`). */
export const UNLOCK_IN_PROGRESS_MESSAGE = 'This IMEI already has a paid unlock in progress.';

/**
 * Why an unlock is not sold, before payment, to a device a check of the same IMEI found reported
 * (issue 44): the carrier would refuse it and the store would refund it seconds later.
 */
export const UNLOCK_REFUSALS = {
  blacklisted:
    'A check of this IMEI found it reported lost or stolen in the GSMA blacklist, so carriers will not unlock it. Nothing was charged. If it is yours, ask the carrier that blocked it to lift the report, then order again.',
  lost: 'A check of this IMEI found it marked lost by its owner (lost mode), so it cannot be unlocked. Nothing was charged. Its owner can turn lost mode off, then order again.',
} as const;
export type UnlockRefusal = keyof typeof UNLOCK_REFUSALS;

/** What checks said of a device's blacklist and lost mode: each the newest answer that said either way. */
export function reportedLock(
  results: readonly { readonly blacklisted: boolean | null; readonly lost_mode: boolean | null }[],
): UnlockRefusal | null {
  const blacklisted = results.find((result) => result.blacklisted !== null)?.blacklisted;
  const lost = results.find((result) => result.lost_mode !== null)?.lost_mode;
  if (blacklisted) return 'blacklisted';
  return lost ? 'lost' : null;
}
export const REFUND_POLICY_MESSAGE = 'You must accept the refund policy';

const M = UNLOCK_FORM_MESSAGES;

const requiredName = (message: string, max: number = TEXT_MAX.name) =>
  boundedText(max, { error: message }).trim().min(1, message);

/**
 * POST /api/orders/unlock: the quote the customer saw and the unlock form (spec section 3 "Unlock
 * request form"). The server charges the stored quote's price, never a figure from here.
 */
export const unlockOrderRequestSchema = z.object({
  quote_id: boundedText(TEXT_MAX.token).trim().min(1),
  imei: boundedText(TEXT_MAX.name, { error: M.imeiLength })
    .overwrite(stripImeiSeparators)
    .check((ctx) => {
      const imei = ctx.value;
      const message = !/^\d*$/.test(imei)
        ? M.imeiDigits
        : imei.length !== IMEI_LENGTH
          ? M.imeiLength
          : !isLuhnValid(imei)
            ? M.imeiChecksum
            : null;
      if (message) ctx.issues.push({ code: 'custom', message, input: imei });
    }),
  brand: requiredName(M.brand),
  /** '' for brands whose model is not asked (only Apple and Samsung Galaxy ask it). */
  model: boundedText(TEXT_MAX.name).trim().default(''),
  /** Comma-joined carrier slugs, as the quote was asked for. */
  carrier: boundedText(TEXT_MAX.carriers, { error: M.carrier })
    .overwrite((value) => joinCarriers(splitCarriers(value)))
    .min(1, M.carrier),
  country: requiredName(M.country),
  email: boundedText(EMAIL_MAX, { error: CHECKOUT_EMAIL_INVALID, tooLong: CHECKOUT_EMAIL_INVALID })
    .trim()
    .refine(isValidCheckoutEmail, { message: CHECKOUT_EMAIL_INVALID }),
  agree_to_terms: z.literal(true, { error: M.agreeToTerms }),
  agree_to_refund_policy: z.literal(true, { error: REFUND_POLICY_MESSAGE }),
  /** Trimmed and upper-cased; '' means no coupon. */
  coupon_code: boundedText(COUPON_CODE_MAX).trim().toUpperCase().optional(),
});
export type UnlockOrderRequest = z.infer<typeof unlockOrderRequestSchema>;
export type UnlockOrderRequestInput = z.input<typeof unlockOrderRequestSchema>;

/** Where the browser goes next: the payment provider's page (or the order page for a free order). */
export const unlockOrderAnswerSchema = z.object({ url: z.string(), order_id: z.string() });
export type UnlockOrderAnswer = z.infer<typeof unlockOrderAnswerSchema>;

/** What the supplier handed back for a completed unlock, and what the customer does with it. */
export const unlockResultSchema = z.object({
  /** The supplier's answer (an unlock code, or a confirmation such as 'Unlocked'), cleaned to plain text. */
  message: z.string(),
  /** The steps that finish the unlock on the customer's brand of phone. */
  instructions: z.array(z.string()),
});
export type UnlockResult = z.infer<typeof unlockResultSchema>;

/** The unlock part of GET /api/orders/:id; null for other kinds. No supplier, tool or cost ever appears here. */
export const unlockDetailsSchema = z.object({
  imei_masked: z.string(),
  /** 'Apple iPhone 15 Pro', 'Google Pixel 8'. */
  device: z.string(),
  /** The carrier names, comma-separated. */
  carrier: z.string(),
  /** The country's name. */
  country: z.string(),
  /** The usual delivery time of the tool doing the work, in hours. */
  average_hours: z.number(),
  /** Past this many hours after payment the store reroutes or refunds without being asked. */
  guaranteed_hours: z.number(),
  /** Payment time plus guaranteed_hours (ISO); null before payment. */
  guaranteed_by: z.string().nullable(),
  result: unlockResultSchema.nullable(),
});
export type UnlockDetails = z.infer<typeof unlockDetailsSchema>;
