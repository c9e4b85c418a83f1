import { z } from 'zod';
import { emailSchema } from './email.ts';
import { TEXT_MAX, boundedText } from './text.ts';

/** Bytes of randomness in an unsubscribe token (256 bits). */
export const UNSUBSCRIBE_TOKEN_BYTES = 32;

/** Where the welcome email's unsubscribe link leads: a page that unsubscribes and confirms. */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
export const NEWSLETTER_UNSUBSCRIBE_API = '/api/newsletter/unsubscribe';

export function unsubscribeHref(token: string): string {
  return `${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/** POST /api/newsletter/subscribe (spec section 3: email); stored lower-cased, one row per address. */
export const newsletterRequestSchema = z.object({ email: emailSchema });
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const newsletterAnswerSchema = z.object({
  message: z.string(),
  already_subscribed: z.literal(true).optional(),
  resubscribed: z.literal(true).optional(),
});

/** The token of an unsubscribe link: base64url, as the store hands it out. */
export const unsubscribeTokenSchema = boundedText(TEXT_MAX.token, { error: 'The unsubscribe link is missing its token.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,}$/, { message: 'The unsubscribe link is not valid.' });

export const unsubscribeRequestSchema = z.object({ token: unsubscribeTokenSchema });

export const unsubscribeAnswerSchema = z.object({
  message: z.string(),
  already_unsubscribed: z.literal(true).optional(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
