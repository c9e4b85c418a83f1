import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { checkoutFailureMessage, checkoutOutcome, type CheckoutOutcome } from '../../../../domain/esim-checkout';
import type { CartCheckoutRequest } from '../../../../domain/licenses';
import { ApiError, apiRequest } from '~/lib/api-client';

/**
 * Spec sections 7 and 8: the payment page's url, or the message to show — the server's own,
 * 'No checkout URL received' for an answer without a url, else 'Failed to create checkout session'.
 */
export async function createCheckout(request: CartCheckoutRequest): Promise<CheckoutOutcome> {
  try {
    // Read loosely: checkoutOutcome decides between url, error and neither.
    const answer = await apiRequest('/api/esim/checkout', { method: 'POST', body: request, schema: z.unknown() });
    return checkoutOutcome(answer);
  } catch (error) {
    return { kind: 'error', message: checkoutFailureMessage(error instanceof ApiError ? error.message : null) };
  }
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
