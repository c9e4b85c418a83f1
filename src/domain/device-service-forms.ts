import { z } from 'zod';
import { EMAIL_INVALID, isEmailFormat } from './email.ts';
import { IDENTIFIER_MAX } from './imei.ts';
import { TEXT_MAX, boundedText } from './text.ts';
import { imeiFieldSchema } from './unlock-form.ts';

/** Spec section 5 "Generic form": the iCloud and FRP services' form. */
export const GENERIC_FORM_MESSAGES = {
  required: 'This field is required',
  invalidFormat: 'Invalid format',
  email: EMAIL_INVALID,
  brand: 'Please select a manufacturer',
  lawful: 'You must confirm lawful ownership',
  noData: 'You must confirm data policy',
  refund: 'You must agree to refund policy',
} as const;

/** Spec section 5 "Refund form": the iPhone refund request. */
export const REFUND_FORM_MESSAGES = {
  region: 'Please select a region',
  model: 'Please select an iPhone model',
  email: EMAIL_INVALID,
  accurateInfo: 'You must confirm the information is accurate',
  notStolen: 'You must confirm the device is not stolen',
  acceptRefund: 'You must accept the refund policy',
  simNumber: 'SIM/eSIM number is required for USA region',
} as const;

/** Spec section 9: a SIM/eSIM number of at least 19 characters for the USA region. */
export const SIM_NUMBER_MIN = 19;
export const USA_REGION = 'USA';
/** Where the iPhone was bought: the refund form's regions (the USA asks for the SIM/eSIM number). */
export const REFUND_REGIONS = [USA_REGION, 'Canada', 'Europe', 'United Kingdom', 'Asia', 'Australia', 'Latin America', 'Other'] as const;

const confirmed = (message: string) => z.boolean({ error: message }).refine((value) => value, message);
const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => isEmailFormat(value), message);

/** 1-17 letters or digits (an IMEI, a serial number or another device identifier). */
const identifier = z
  .string({ error: GENERIC_FORM_MESSAGES.required })
  .trim()
  .min(1, GENERIC_FORM_MESSAGES.required)
  .max(IDENTIFIER_MAX, GENERIC_FORM_MESSAGES.invalidFormat)
  .regex(/^[A-Za-z0-9]+$/, GENERIC_FORM_MESSAGES.invalidFormat);

export const genericFormSchema = z.object({
  identifier,
  email: email(GENERIC_FORM_MESSAGES.email),
  brand: boundedText(TEXT_MAX.name, { error: GENERIC_FORM_MESSAGES.brand }).trim().min(1, GENERIC_FORM_MESSAGES.brand),
  model: boundedText(TEXT_MAX.name).trim().optional(),
  lawful: confirmed(GENERIC_FORM_MESSAGES.lawful),
  noData: confirmed(GENERIC_FORM_MESSAGES.noData),
  refund: confirmed(GENERIC_FORM_MESSAGES.refund),
});
export type GenericForm = z.infer<typeof genericFormSchema>;

export const refundFormSchema = z
  .object({
    region: boundedText(TEXT_MAX.name, { error: REFUND_FORM_MESSAGES.region })
      .trim()
      .refine((region) => (REFUND_REGIONS as readonly string[]).includes(region), REFUND_FORM_MESSAGES.region),
    simNumber: boundedText(TEXT_MAX.name).trim().optional(),
    model: boundedText(TEXT_MAX.name, { error: REFUND_FORM_MESSAGES.model }).trim().min(1, REFUND_FORM_MESSAGES.model),
    imei: imeiFieldSchema,
    email: email(REFUND_FORM_MESSAGES.email),
    accurateInfo: confirmed(REFUND_FORM_MESSAGES.accurateInfo),
    notStolen: confirmed(REFUND_FORM_MESSAGES.notStolen),
    acceptRefund: confirmed(REFUND_FORM_MESSAGES.acceptRefund),
  })
  .superRefine((form, context) => {
    if (form.region === USA_REGION && (form.simNumber ?? '').length < SIM_NUMBER_MIN) {
      context.addIssue({ code: 'custom', path: ['simNumber'], message: REFUND_FORM_MESSAGES.simNumber });
    }
  });
export type RefundForm = z.infer<typeof refundFormSchema>;

/**
 * What an iPhone refund request of an iCloud removal order answers (ADR 071): before the service
 * is done the order is refunded in full; once done it is not (the refund policy).
 */
export const REFUND_REQUEST_ANSWERS = {
  refunding:
    'We are refunding your order in full: the service stops with our supplier, and the money reaches your original payment method within 5-10 business days.',
  alreadyRefunded: 'This order is already refunded, or its refund is on its way.',
  completed:
    'This service was completed, so it is not refundable under the refund policy. If the device is still locked, contact support with your order number and we will look at it.',
  notPaid: 'This order was not paid, so there is nothing to refund.',
  mismatch: 'The IMEI or the email does not match this order. Check them and try again.',
} as const;
export const refundRequestAnswerSchema = z.object({
  outcome: z.enum(['refunding', 'refunded', 'not_refundable', 'nothing_to_refund']),
  message: z.string(),
});
export type RefundRequestAnswer = z.infer<typeof refundRequestAnswerSchema>;
