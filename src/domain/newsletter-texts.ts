/**
 * The footer newsletter's words and rules (spec sections 4, 5, 7 and 8). Kept apart from the
 * request schemas so the footer, on every page, carries them without zod (ADR 010).
 */
export const NEWSLETTER_INVALID_TITLE = 'Invalid Email';
export const NEWSLETTER_INVALID_TEXT = 'Please enter a valid email address.';
export const NEWSLETTER_FAILED_TITLE = 'Subscription Failed';
export const NEWSLETTER_FAILED_FALLBACK = 'Failed to subscribe. Please try again later.';
export const NEWSLETTER_SUBSCRIBED_TITLE = 'Subscribed!';

/** Spec section 9: the success toast stays 5 seconds. */
export const NEWSLETTER_SUCCESS_TOAST_MS = 5000;

/** The server's answers (spec section 7: message, already_subscribed, resubscribed). */
export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thanks for subscribing! A welcome email is on its way.',
  alreadySubscribed: 'You are already subscribed to our newsletter.',
  resubscribed: 'Welcome back! You are subscribed to our newsletter again.',
  unsubscribed: 'You have been unsubscribed. You will not receive our newsletter any more.',
  alreadyUnsubscribed: 'This address was already unsubscribed. You will not receive our newsletter.',
  unknownLink: 'This unsubscribe link is not valid. Use the link in the latest newsletter email we sent you.',
} as const;

/** Spec section 5, checked before sending: non-empty and contains an @ (the server checks the full format). */
export function isNewsletterEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.includes('@');
}

export type NewsletterAnswer = {
  readonly message: string;
  readonly already_subscribed?: boolean;
  readonly resubscribed?: boolean;
};

/** How the footer reacts (spec section 7): a new subscription locks the field; the two others are a notice. */
export type NewsletterOutcome =
  | { readonly kind: 'subscribed'; readonly message: string }
  | { readonly kind: 'notice'; readonly message: string };

export function newsletterOutcome(answer: NewsletterAnswer): NewsletterOutcome {
  if (answer.already_subscribed || answer.resubscribed) return { kind: 'notice', message: answer.message };
  return { kind: 'subscribed', message: answer.message };
}

/** The failure toast's text: the server's message, or the spec's fallback. */
export function newsletterFailureMessage(message: string | null | undefined): string {
  return message?.trim() ? message : NEWSLETTER_FAILED_FALLBACK;
}
