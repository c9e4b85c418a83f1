import { useMutation } from '@tanstack/react-query';
import { parseQuoteAnswer, type Quote, type QuoteDeviceRequest } from '../../../../domain/quote';
import { safeOrderPath } from '../../../../domain/unlock-checkout';
import {
  unlockOrderAnswerSchema,
  type UnlockOrderAnswer,
  type UnlockOrderRequest,
} from '../../../../domain/unlock-order';
import { ApiError, apiRequest } from '~/lib/api-client';

/** POST /api/orders/unlock: the payment page to send the browser to, or an ApiError. */
export function createUnlockOrder(request: UnlockOrderRequest): Promise<UnlockOrderAnswer> {
  return apiRequest('/api/orders/unlock', { method: 'POST', body: request, schema: unlockOrderAnswerSchema });
}

export function useCreateUnlockOrder() {
  return useMutation({ mutationFn: createUnlockOrder });
}

/** What the checkout does with a refused or failed order. */
export type UnlockOrderFailure =
  /** The quote ran out or changed: the new one, to review and pay with. */
  | { readonly kind: 'quote-changed'; readonly quote: Quote; readonly message: string }
  /** This IMEI already has a paid unlock running: the way to its page. */
  | { readonly kind: 'in-progress'; readonly orderPath: string | null; readonly message: string }
  /** Messages per request field (email, agree_to_terms, coupon_code, imei...). */
  | { readonly kind: 'fields'; readonly fieldErrors: Readonly<Record<string, string>>; readonly message: string }
  /** Nothing was sent or nothing came back: the same order can be sent again. */
  | { readonly kind: 'network'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

/** Reads the server's refusal (or the lack of an answer) into what the checkout shows. */
export function unlockOrderFailure(error: unknown, device: QuoteDeviceRequest): UnlockOrderFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (error.code === 'QUOTE_CHANGED') {
    const quote = parseQuoteAnswer(error.details.quote, device);
    // A refusal without a readable quote cannot be paid from: the shopper starts again from the panel.
    return quote.quote_id || !quote.supported
      ? { kind: 'quote-changed', quote, message: error.message }
      : { kind: 'error', message: error.message };
  }
  if (error.code === 'UNLOCK_IN_PROGRESS') {
    return { kind: 'in-progress', orderPath: safeOrderPath(error.details.order_url), message: error.message };
  }
  // The coupon's own refusals (expired, used up, unknown) belong next to the coupon box.
  if (error.code.startsWith('COUPON_')) {
    return { kind: 'fields', fieldErrors: { coupon_code: error.message }, message: error.message };
  }
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
  );
  if (Object.keys(fieldErrors).length > 0) return { kind: 'fields', fieldErrors, message: error.message };
  if (error.code === 'NETWORK') return { kind: 'network', message: error.message };
  return { kind: 'error', message: error.message };
}
