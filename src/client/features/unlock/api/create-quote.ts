import { z } from 'zod';
import { parseQuoteAnswer, type Quote, type QuoteRequest } from '../../../../domain/quote';
import { ApiError, apiRequest } from '~/lib/api-client';

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
  try {
    const answer = await apiRequest('/api/quotes', { method: 'POST', body: request, schema: z.unknown(), signal });
    return { quote: parseQuoteAnswer(answer, device), failure: null };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = error instanceof Error ? error.message : String(error);
    const failure = error instanceof ApiError ? error.message : null;
    return { quote: parseQuoteAnswer(null, device, { error: message || 'Request failed' }), failure };
  }
}
