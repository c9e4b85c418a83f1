import { useMutation } from '@tanstack/react-query';
import {
  NEWSLETTER_UNSUBSCRIBE_API,
  unsubscribeAnswerSchema,
  type UnsubscribeAnswer,
} from '../../../../domain/newsletter';
import { apiRequest } from '~/lib/api-client';

/** POST /api/newsletter/unsubscribe with the token of the link the visitor followed. */
export function unsubscribeFromNewsletter(token: string): Promise<UnsubscribeAnswer> {
  return apiRequest(NEWSLETTER_UNSUBSCRIBE_API, { method: 'POST', body: { token }, schema: unsubscribeAnswerSchema });
}

export function useUnsubscribeFromNewsletter() {
  return useMutation({ mutationFn: unsubscribeFromNewsletter });
}
