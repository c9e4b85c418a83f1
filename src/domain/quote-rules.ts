// The quote's texts and the rules the unlock panel applies as it is filled in, without zod: the
// home page's panel runs them as it starts (ADR 097); `quote.ts` builds the schemas from them.
import { IMEI_LENGTH, IMEI_MESSAGES, isLuhnValid, normalizeImeiInput, stripImeiSeparators } from './imei.ts';
import type { QuoteRequest } from './quote.ts';
import { TEXT_MAX, isBoundedText } from './text-limits.ts';
import { joinCarriers, splitCarriers } from './unlock-fields.ts';

/** Spec sections 4 and 9. */
export const QUOTE_DEBOUNCE_MS = 600;
export const MIN_IMEI_FOR_QUOTE = 10;
export const FALLBACK_PRICE_CENTS = 4999;
export const QUOTE_TTL_MINUTES = 30;

/** Spec section 8 "Quote". */
export const NO_MATCH_MESSAGE =
  'No exact match found for your device configuration. Please check your device details and try again.';
export const NO_RESULTS_ERROR = 'No results available';
export const QUOTE_FAILED_ERROR = 'Failed to get quote';

/** Spec section 2 "Unlock start panel". */
export const CLEAN_STATUS_WARNING = 'This service requires your device to have a clean blacklist status.';
export const UNSUPPORTED_TITLE = 'Service Not Currently Available';
export const UNSUPPORTED_TEXT = 'Our team will review your request and get back to you within 24 hours';
export const FILL_ALL_FIELDS = 'Fill all fields';
export const CALCULATING = 'Calculating...';
export const GETTING_QUOTE = 'Getting Quote...';
export const NOT_AVAILABLE = 'Not Available';
export const UNLOCK_NOW = 'Unlock Now';

/**
 * The price does not depend on the IMEI, so a quote is given while it is still being typed
 * (from MIN_IMEI_FOR_QUOTE digits); a complete one must pass the checksum. Checked on the full
 * value rather than normalizeImeiInput's 15-digit cut, so a 16-digit IMEI is refused, not truncated.
 */
export function quoteImeiProblem(imei: string): string | null {
  if (imei === '') return IMEI_MESSAGES.required;
  if (!/^\d+$/.test(imei)) return IMEI_MESSAGES.invalid;
  if (imei.length < MIN_IMEI_FOR_QUOTE || imei.length > IMEI_LENGTH) return IMEI_MESSAGES.exactLength;
  if (imei.length === IMEI_LENGTH && !isLuhnValid(imei)) return IMEI_MESSAGES.checksum;
  return null;
}

/** What the unlock panel holds that a quote depends on. */
export interface QuoteInputs {
  imei: string;
  brand: string;
  model?: string | null;
  carrier: string;
  country: string;
}

/** Spec section 4 "Quote lifecycle": otherwise the quote is cleared. */
export function shouldRequestQuote(inputs: QuoteInputs): boolean {
  return (
    normalizeImeiInput(inputs.imei).length >= MIN_IMEI_FOR_QUOTE &&
    inputs.brand.trim() !== '' &&
    splitCarriers(inputs.carrier).length > 0 &&
    inputs.country.trim() !== ''
  );
}

/** The request body the panel sends for these inputs. */
export function quoteRequestFromInputs(inputs: QuoteInputs): QuoteRequest {
  return {
    imei: normalizeImeiInput(inputs.imei),
    brand: inputs.brand.trim(),
    model: (inputs.model ?? '').trim(),
    network: joinCarriers(splitCarriers(inputs.carrier)),
    country: inputs.country.trim(),
  };
}

/** Equal for inputs that would send the same request, so the panel asks again only when something changed. */
export function quoteInputKey(inputs: QuoteInputs): string {
  const request = quoteRequestFromInputs(inputs);
  return JSON.stringify([request.imei, request.brand, request.model, request.network, request.country]);
}

const isRequiredText = (text: string, max: number) => isBoundedText(text, max) && text.trim() !== '';

/**
 * Whether `quoteRequestSchema` accepts this request, without building it: the checks of its fields
 * in the same order (`quote-rules.test.ts` holds the two to the same answers).
 */
export function isQuotableRequest(request: QuoteRequest): boolean {
  return (
    isBoundedText(request.imei, TEXT_MAX.name) &&
    quoteImeiProblem(stripImeiSeparators(request.imei)) === null &&
    isRequiredText(request.brand, TEXT_MAX.name) &&
    isBoundedText(request.model, TEXT_MAX.name) &&
    isRequiredText(request.network, TEXT_MAX.carriers) &&
    isRequiredText(request.country, TEXT_MAX.name)
  );
}
