import { z } from 'zod';
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX } from './admin.ts';
import { EMAIL_MAX } from './email.ts';
import { BUG_STATUSES } from './bug-report.ts';
import { formatRemaining } from './order-tracking.ts';
import { SUPPORT_ANSWER_HOURS } from './store-config.ts';
import { boundedText } from './text.ts';

/** Where the team is with a request for a service the store does not list. */
export const REQUEST_STATUSES = ['new', 'contacted', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'New',
  contacted: 'Customer contacted',
  closed: 'Closed',
};

export const bugStatusChangeSchema = z.object({ status: z.enum(BUG_STATUSES) });
export const requestStatusChangeSchema = z.object({ status: z.enum(REQUEST_STATUSES) });

export const inboxQuerySchema = z.object({
  /** An ISO time: the rows placed before it (the next page). */
  before: boundedText(40)
    .refine((text) => !Number.isNaN(Date.parse(text)), { message: 'Use an ISO 8601 time.' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
});

export const adminServiceRequestSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  email: z.string(),
  imei: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  carrier: z.string(),
  country: z.string(),
  notes: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
});
export type AdminServiceRequest = z.infer<typeof adminServiceRequestSchema>;
export const adminServiceRequestListSchema = z.object({ requests: z.array(adminServiceRequestSchema) });
export type AdminServiceRequestList = z.infer<typeof adminServiceRequestListSchema>;

export const subscriberQuerySchema = z.object({
  q: boundedText(EMAIL_MAX).trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_MAX),
});
export const subscriberListSchema = z.object({
  subscribers: z.array(
    z.object({ email: z.string(), subscribed_at: z.string(), unsubscribed_at: z.string().nullable() }),
  ),
  subscribed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type SubscriberList = z.infer<typeof subscriberListSchema>;

export const outboxQuerySchema = z.object({
  to: boundedText(EMAIL_MAX).trim().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const outboxListSchema = z.object({
  messages: z.array(
    z.looseObject({
      id: z.number().int(),
      toAddress: z.string(),
      subject: z.string(),
      text: z.string(),
      sentAt: z.string().nullable(),
      error: z.string().nullable(),
      attempts: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

/** How long a question has waited and whether the promise is broken, as the inbox and overview say it. */
export function waitingAge(waitingSince: string, now: number): { text: string; overdue: boolean } {
  const ms = now - Date.parse(waitingSince);
  return { text: formatRemaining(ms), overdue: ms > SUPPORT_ANSWER_HOURS * 3_600_000 };
}
