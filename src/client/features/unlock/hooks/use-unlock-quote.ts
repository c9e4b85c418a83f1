import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quote } from '../../../../domain/quote';
import {
  QUOTE_DEBOUNCE_MS,
  quoteInputKey,
  quoteRequestFromInputs,
  type QuoteInputs,
} from '../../../../domain/quote-rules';
import { canRequestQuote } from '../../../../domain/unlock-panel';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { quoteQueryOptions, type QuoteResult } from '../api/create-quote';

/** Spec section 4 "Quote lifecycle", as the price box shows it. */
export type UnlockQuote =
  /** 'Fill all fields' */
  | { readonly status: 'idle' }
  /** 'Calculating...': the inputs changed and the debounce is running. */
  | { readonly status: 'waiting' }
  /** 'Getting Quote...': the request is in flight. */
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly quote: Quote; readonly failure: string | null };

/**
 * The live quote for the panel's inputs (spec section 4): asked QUOTE_DEBOUNCE_MS after the last
 * change and only when the request would differ from one already answered; a reply for inputs that
 * are no longer current is never shown. Incomplete inputs clear the quote at once.
 */
export function useUnlockQuote(inputs: QuoteInputs): {
  readonly quote: UnlockQuote;
  /** Identifies the inputs the quote is for; null when no quote can be asked. */
  readonly key: string | null;
  /** Asks again for the current inputs (after 'Failed to get quote'). */
  readonly retry: () => void;
  /** The quote for the current inputs now, without the debounce; a failed one is asked again. */
  readonly settle: () => Promise<{ key: string; result: QuoteResult } | null>;
} {
  const queryClient = useQueryClient();
  const request = canRequestQuote(inputs) ? quoteRequestFromInputs(inputs) : null;
  const key = request ? quoteInputKey(inputs) : null;
  const settledKey = useDebouncedValue(key, QUOTE_DEBOUNCE_MS);
  const asked = request !== null && key !== null && settledKey === key;
  const query = useQuery({ ...quoteQueryOptions(key ?? '', request ?? emptyRequest), enabled: asked });

  let quote: UnlockQuote;
  if (key === null) quote = { status: 'idle' };
  else if (query.isFetching) quote = { status: 'loading' };
  else if (query.data) quote = { status: 'ready', quote: query.data.quote, failure: query.data.failure };
  else quote = { status: 'waiting' };

  return {
    quote,
    key,
    retry: () => {
      if (asked) void query.refetch();
    },
    settle: async () => {
      if (!request || key === null) return null;
      const options = quoteQueryOptions(key, request);
      const cached = queryClient.getQueryData(options.queryKey);
      if (cached?.quote.error) await queryClient.invalidateQueries({ queryKey: options.queryKey, refetchType: 'none' });
      return { key, result: await queryClient.fetchQuery(options) };
    },
  };
}

/** Never sent: the query is disabled whenever the inputs cannot be quoted. */
const emptyRequest = { imei: '', brand: '', model: '', network: '', country: '' };
