import { estimatedHoursRange, type EstimatedHours, formatPromiseHours } from './delivery-hours.ts';
import { EMAIL_MAX } from './email-format.ts';
import { TEXT_MAX } from './text-limits.ts';

/** The carrier-unlock checkout modal (spec section 2) and the return from a cancelled payment. */
export const UNLOCK_CHECKOUT_TITLE = 'Checkout';
export const UNLOCK_CHECKOUT_DESCRIPTION =
  'Check your unlock, then pay securely. We email you at every step and refund you in full if it cannot be done.';
export const PAYING_TEXT = 'Taking you to payment...';
export const NO_QUOTE_TO_PAY =
  'We could not hold a price for this unlock. Close this window and press Unlock Now again.';
export const UNLOCK_IN_PROGRESS_LINK = 'Open that order';
export const QUOTE_UNSUPPORTED_NOW =
  'This unlock is no longer available for your device, so nothing can be charged. Close this window to ask our team about it.';

/** `/?checkout=cancelled`: the payment provider's cancel link comes back here. */
export const CHECKOUT_RETURN_PARAM = 'checkout';
export const CHECKOUT_CANCELLED = 'cancelled';
export const CHECKOUT_CANCELLED_TITLE = 'Payment cancelled';
export const CHECKOUT_CANCELLED_TEXT = 'Nothing was charged. Your unlock details are just as you left them.';
export const CHECKOUT_CANCELLED_EMPTY_TEXT = 'Nothing was charged.';
/** Every other product's form after a cancelled payment (issue 44). */
export const CHECKOUT_CANCELLED_FORM_TEXT = 'Nothing was charged. Your details are just as you left them.';

/** The usual and the guaranteed delivery time of an unlock, in hours. */
export interface DeliveryPromise {
  readonly averageHours: number;
  readonly guaranteedHours: number;
}

/**
 * The quote's average and guaranteed hours, or, from a quote that does not carry them, the midpoint
 * and the end of its estimated window (what the server itself falls back to).
 */
export function deliveryPromise(quote: {
  readonly estimated_hours: EstimatedHours;
  readonly average_hours: number | null;
  readonly guaranteed_hours: number | null;
}): DeliveryPromise {
  const { min, max } = estimatedHoursRange(quote.estimated_hours);
  const guaranteedHours = quote.guaranteed_hours ?? max;
  const averageHours = Math.min(quote.average_hours ?? Math.round((min + max) / 2), guaranteedHours);
  return { averageHours, guaranteedHours };
}

/** '1 hour', '36 hours', '3 days': the one wording of a delivery promise (delivery-hours.ts). */
export const formatHours = formatPromiseHours;

/** What the store does when the guarantee passes, said after the promise on pages and in emails. */
export const GUARANTEE_KEPT =
  'if it is not done by then, we move it to a faster supplier or refund you in full, without you asking.';

/** 'Usually 36 hours, guaranteed within 72 hours' (and ', by Tue, Nov 24, 3:00 PM' once paid). */
export function deliveryPromiseText({ averageHours, guaranteedHours }: DeliveryPromise, by?: string | null): string {
  const promise = `Usually ${formatHours(averageHours)}, guaranteed within ${formatHours(guaranteedHours)}`;
  return by ? `${promise}, by ${by}` : promise;
}

/** What the modal says when the server priced the unlock again (409 QUOTE_CHANGED). */
export function priceChangedText(oldPrice: string, newPrice: string): string {
  return oldPrice === newPrice
    ? `Your price expired and was checked again: it is still ${newPrice}. Please review and pay again.`
    : `The price changed from ${oldPrice} to ${newPrice}. Please review and pay again.`;
}

/** Only a path on this site that opens an order page is followed from an error's details. */
export function safeOrderPath(value: unknown): string | null {
  return typeof value === 'string' && /^\/order\/[A-Za-z0-9_-]{1,100}(\?[A-Za-z0-9_=&%.-]{0,300})?$/.test(value)
    ? value
    : null;
}

/** Where the panel's entries wait (for this tab only) while the customer is on the payment page. */
export const UNLOCK_ENTRIES_STORAGE_KEY = 'openline.unlock-entries';

/**
 * The longest text each saved entry may hold. The entries are the panel's own writing, read back
 * in this tab; checked field by field without zod, so the home page starts without a schema (ADR 097).
 */
const ENTRY_MAX = {
  country: TEXT_MAX.carriers,
  carrier: TEXT_MAX.carriers,
  brand: TEXT_MAX.carriers,
  model: TEXT_MAX.carriers,
  imei: TEXT_MAX.carriers,
  email: EMAIL_MAX,
} as const;

/** The panel's entries as saved before leaving for payment. */
export type UnlockEntries = { readonly [Field in keyof typeof ENTRY_MAX]: string };

/** The saved entries (only the six fields), or null when there are none or they cannot be read. */
export function parseStoredEntries(raw: string | null): UnlockEntries | null {
  if (raw === null) return null;
  let saved: unknown;
  try {
    saved = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return null;
  const entries: Record<string, string> = {};
  for (const [field, max] of Object.entries(ENTRY_MAX)) {
    const value: unknown = (saved as Record<string, unknown>)[field];
    if (typeof value !== 'string' || value.length > max) return null;
    entries[field] = value;
  }
  return entries as UnlockEntries;
}
