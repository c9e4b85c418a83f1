import { useMutation } from '@tanstack/react-query';
import { newsletterOutcome, type NewsletterOutcome } from '../../../../domain/newsletter-texts';
import { apiRequest } from '~/lib/api-client';

// Loaded on the first subscription, not at start-up: the footer is on every page (ADR 010).
const newsletterSchemas = () => import('../../../../domain/newsletter');

/** POST /api/newsletter/subscribe, read as what the footer does next (spec section 7). */
export async function subscribeToNewsletter(email: string): Promise<NewsletterOutcome> {
  const { newsletterAnswerSchema } = await newsletterSchemas();
  const answer = await apiRequest('/api/newsletter/subscribe', {
    method: 'POST',
    body: { email },
    schema: newsletterAnswerSchema,
  });
  return newsletterOutcome(answer);
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
