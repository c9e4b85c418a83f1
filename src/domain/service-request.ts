import { z } from 'zod';
import { emailSchema } from './email.ts';
import { TEXT_MAX, boundedText } from './text.ts';

export const SERVICE_REQUEST_NOTES_MAX = TEXT_MAX.note;
export const SERVICE_REQUEST_RECEIVED =
  'Request received. Our team will review your request and get back to you within 24 hours.';

/**
 * Confirmations one email address may receive per hour, whoever asks: the address is not proven,
 * so the store must not become a way to flood someone's inbox (ADR 023).
 */
export const SERVICE_REQUESTS_PER_RECIPIENT_PER_HOUR = 3;

/** POST /api/service-requests: an unlock we cannot quote yet, for the team to source. */
export const serviceRequestSchema = z.object({
  email: emailSchema,
  imei: boundedText(TEXT_MAX.name)
    .trim()
    .regex(/^\d{15}$/, { message: 'IMEI must be 15 digits' }),
  brand: boundedText(TEXT_MAX.name).trim().min(1, { message: 'Please select a brand' }),
  model: boundedText(TEXT_MAX.name).trim().optional().default(''),
  carrier: boundedText(TEXT_MAX.carriers).trim().min(1, { message: 'Please select your current carrier' }),
  country: boundedText(TEXT_MAX.name).trim().min(1, { message: 'Please select your country' }),
  notes: boundedText(SERVICE_REQUEST_NOTES_MAX).trim().optional().default(''),
});

export type ServiceRequestInput = z.input<typeof serviceRequestSchema>;
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

export const serviceRequestAnswerSchema = z.object({ id: z.string(), message: z.string() });
export type ServiceRequestAnswer = z.infer<typeof serviceRequestAnswerSchema>;
