import { queryOptions } from '@tanstack/react-query';
import type { Quote, QuoteRequest } from '../../../../domain/quote';
import { QUOTE_TTL_MINUTES } from '../../../../domain/quote-rules';
import { ApiError, apiRequest } from '~/lib/api-client';

// The answer's reader loads with the first quote asked for, not as the home page starts (ADR 097).
const quoteReader = () => import('../../../../domain/quote');

export interface QuoteResult {
  readonly quote: Quote;
  /** Why the call failed (rate limit, network...), when it did. */
  readonly failure: string | null;
}

/**
 * Asks the server for a price. Every answer and every failure goes through parseQuoteAnswer
 * (spec section 8 "Quote"); only an abort is thrown, for the caller to ignore.
 */
export async function createQuote(request: QuoteRequest, signal?: AbortSignal): Promise<QuoteResult> {
  const device = { brand: request.brand, model: request.model, network: request.network, country: request.country };
  const { parseQuoteAnswer, receivedQuoteAnswerSchema } = await quoteReader();
  try {
    const answer = await apiRequest('/api/quotes', {
      method: 'POST',
      body: request,
      schema: receivedQuoteAnswerSchema,
      signal,
    });
    return { quote: parseQuoteAnswer(answer, device), failure: null };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = error instanceof Error ? error.message : String(error);
    const failure = error instanceof ApiError ? error.message : null;
    return { quote: parseQuoteAnswer(null, device, { error: message || 'Request failed' }), failure };
  }
}

/** A stored quote holds its price this long; asked again for the same inputs only after it. */
const QUOTE_FRESH_MS = (QUOTE_TTL_MINUTES - 1) * 60_000;

/**
 * The quote for one set of inputs, cached by their key: the same inputs are not asked again, and a
 * reply for inputs that are no longer shown lands in its own entry (a newer request supersedes it).
 */
export function quoteQueryOptions(key: string, request: QuoteRequest) {
  return queryOptions({
    queryKey: ['unlock-quote', key],
    queryFn: ({ signal }) => createQuote(request, signal),
    staleTime: QUOTE_FRESH_MS,
    gcTime: QUOTE_TTL_MINUTES * 60_000,
    // createQuote turns every failure into a quote with its error: nothing to retry automatically.
    retry: false,
  });
}
