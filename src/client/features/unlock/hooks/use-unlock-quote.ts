import { useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  QUOTE_DEBOUNCE_MS,
  quoteInputKey,
  quoteRequestFromInputs,
  type Quote,
  type QuoteInputs,
} from '../../../../domain/quote';
import { canRequestQuote } from '../../../../domain/unlock-panel';
import { createQuote, type QuoteResult } from '../api/create-quote';

/** Spec section 4 "Quote lifecycle", as the price box shows it. */
export type UnlockQuote =
  /** 'Fill all fields' */
  | { readonly status: 'idle' }
  /** 'Calculating...': the inputs changed and the debounce is running. */
  | { readonly status: 'waiting' }
  /** 'Getting Quote...': the request is in flight. */
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly quote: Quote; readonly failure: string | null };

type Latest =
  | { readonly key: string; readonly phase: 'loading' }
  | { readonly key: string; readonly phase: 'done'; readonly result: QuoteResult };

/**
 * The live quote for the panel's inputs: asked QUOTE_DEBOUNCE_MS after the last change, only
 * when the request would differ from the last one; a newer request aborts the older, and a
 * reply for inputs that are no longer current is never shown.
 */
export function useUnlockQuote(inputs: QuoteInputs): {
  readonly quote: UnlockQuote;
  /** Identifies the inputs the quote is for; null when no quote can be asked. */
  readonly key: string | null;
  readonly retry: () => void;
} {
  const request = canRequestQuote(inputs) ? quoteRequestFromInputs(inputs) : null;
  const key = request ? quoteInputKey(inputs) : null;

  const [latest, setLatest] = useState<Latest | null>(null);
  const [attempt, setAttempt] = useState(0);
  const controllerRef = useRef<AbortController | null>(null);
  const sentRef = useRef<{ key: string; attempt: number } | null>(null);

  // Incomplete inputs clear the quote at once (spec: "Otherwise the quote is cleared").
  const [trackedKey, setTrackedKey] = useState(key);
  if (trackedKey !== key) {
    setTrackedKey(key);
    if (key === null) setLatest(null);
  }

  const send = useEffectEvent((forKey: string) => {
    if (!request) return;
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    sentRef.current = { key: forKey, attempt };
    setLatest({ key: forKey, phase: 'loading' });
    createQuote(request, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) setLatest({ key: forKey, phase: 'done', result });
      },
      () => {
        // Only an abort is thrown: a newer request has taken over.
      },
    );
  });

  useEffect(() => {
    if (key === null) {
      controllerRef.current?.abort();
      sentRef.current = null;
      return;
    }
    const sent = sentRef.current;
    if (sent?.key === key && sent.attempt === attempt) return;
    const retrying = sent?.key === key;
    const timer = setTimeout(() => send(key), retrying ? 0 : QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, attempt]);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const retry = () => {
    if (key === null) return;
    setLatest({ key, phase: 'loading' });
    setAttempt((count) => count + 1);
  };

  let quote: UnlockQuote;
  if (key === null) quote = { status: 'idle' };
  else if (latest?.key !== key) quote = { status: 'waiting' };
  else if (latest.phase === 'loading') quote = { status: 'loading' };
  else quote = { status: 'ready', quote: latest.result.quote, failure: latest.result.failure };

  return { quote, key, retry };
}
