import { z } from 'zod';
import { emailSchema } from './email.ts';

export const SERVICE_REQUEST_NOTES_MAX = 1000;
export const SERVICE_REQUEST_RECEIVED =
  'Request received. Our team will review your request and get back to you within 24 hours.';

/** POST /api/service-requests: an unlock we cannot quote yet, for the team to source. */
export const serviceRequestSchema = z.object({
  email: emailSchema,
  imei: z
    .string()
    .trim()
    .regex(/^\d{15}$/, { message: 'IMEI must be 15 digits' }),
  brand: z.string().trim().min(1, { message: 'Please select a brand' }).max(100),
  model: z.string().trim().max(100).optional().default(''),
  carrier: z.string().trim().min(1, { message: 'Please select your current carrier' }).max(500),
  country: z.string().trim().min(1, { message: 'Please select your country' }).max(100),
  notes: z.string().trim().max(SERVICE_REQUEST_NOTES_MAX).optional().default(''),
});

export type ServiceRequestInput = z.input<typeof serviceRequestSchema>;

export const serviceRequestAnswerSchema = z.object({ id: z.string(), message: z.string() });
export type ServiceRequestAnswer = z.infer<typeof serviceRequestAnswerSchema>;
