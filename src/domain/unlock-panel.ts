// The unlock panel's texts and rules, without zod: the home page runs them as it starts (ADR 097).
// Its form's schema is in unlock-panel-schema.ts, loaded on the form's first check.
import { isEmailFormat } from './email-format.ts';
import { isQuotableRequest, quoteRequestFromInputs, shouldRequestQuote, type QuoteInputs } from './quote-rules.ts';

export type { UnlockOrder } from './unlock-panel-schema.ts';

/** Spec section 2 "Unlock start panel". */
export const UNLOCK_PANEL_TITLE = 'Start Your Unlock';

/** Spec section 2: the pickers' empty-list texts, word for word. */
export const PICKER_EMPTY_TEXT = {
  carriers: 'No carriers found.',
  countries: 'No countries found.',
  brands: 'No brand found. Press Enter to use your input.',
  models: 'No model found. Press Enter to use your input.',
} as const;

/**
 * Unlock Now on a valid form when the price could not be fetched (spec section 8: 'Failed to get
 * quote'): the checkout needs a price, so the panel asks for it again and, if that fails too, says so.
 */
export const PRICE_UNAVAILABLE_MESSAGE =
  'We could not get your price, so checkout cannot open yet. Press Unlock Now to try again.';

/** Spec section 8 "Reference data": shown when a model list cannot be loaded. */
export const MODELS_FAILED_MESSAGE = 'Failed to fetch models';

/** The brands whose model lists the store keeps (spec section 2: Apple and Samsung Galaxy). */
export type ModelListBrand = 'Apple' | 'Samsung';

/** Which model list a brand (picked or typed) uses; null when the model field is not shown. */
export function modelListBrand(brand: string): ModelListBrand | null {
  const key = brand.trim().toLowerCase().replace(/\s+/g, ' ');
  if (key === 'apple' || key === 'apple iphone') return 'Apple';
  if (key === 'samsung' || key === 'samsung galaxy') return 'Samsung';
  return null;
}

/** The email field's validity badge (spec section 4 "Email field"). */
export function isEmailValid(email: string): boolean {
  return isEmailFormat(email);
}

/**
 * shouldRequestQuote, and the IMEI the server would accept: a 15-digit IMEI with a bad checksum
 * or a serial number gets no quote (the field already says 'Invalid') instead of a failed call.
 */
export function canRequestQuote(inputs: QuoteInputs): boolean {
  return shouldRequestQuote(inputs) && isQuotableRequest(quoteRequestFromInputs(inputs));
}

export interface PickerCarrier {
  carrier_slug: string;
  carrier_name: string;
  country_code: string | null;
  carrier_type: 'mno' | 'mvno' | 'region';
}

export interface RegionCountry {
  region: string;
  country_code: string;
}

const ALL_NETWORKS = /\s*\(all networks\)\s*$/i;
const WORLDWIDE = 'worldwide';

/** The region a region-type carrier covers ("Europe (All Networks)" covers "Europe"); null for other carriers. */
export function carrierRegion(carrier: PickerCarrier): string | null {
  if (carrier.carrier_type !== 'region') return null;
  return carrier.carrier_name.replace(ALL_NETWORKS, '').trim();
}

/** How many countries each region holds, by region name. */
export function regionCountryCounts(rows: readonly RegionCountry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.region, (counts.get(row.region) ?? 0) + 1);
  return counts;
}

/**
 * The carriers offered for a country: its own, then the region-wide ones that cover it. A region
 * without known countries (Worldwide, or when the mapping failed to load) is offered everywhere.
 */
export function carriersForCountry<T extends PickerCarrier>(
  carriers: readonly T[],
  countryCode: string,
  regionRows: readonly RegionCountry[],
): T[] {
  if (countryCode === '') return [];
  const counts = regionCountryCounts(regionRows);
  const covering = new Set(regionRows.filter((row) => row.country_code === countryCode).map((row) => row.region));
  const own = carriers.filter((carrier) => carrier.carrier_type !== 'region' && carrier.country_code === countryCode);
  const regional = carriers.filter((carrier) => {
    const region = carrierRegion(carrier);
    if (region === null) return false;
    if (region.toLowerCase() === WORLDWIDE || !counts.has(region)) return true;
    return covering.has(region);
  });
  return [...own, ...regional];
}

/** Spec section 2: a region-type carrier shows '{n} countries' when it covers several. */
export function regionCountriesText(carrier: PickerCarrier, counts: ReadonlyMap<string, number>): string | null {
  const region = carrierRegion(carrier);
  const count = region === null ? 0 : (counts.get(region) ?? 0);
  return count > 1 ? `${count} countries` : null;
}

/** The carrier picker's text: the one carrier's name, or 'N carriers selected' (spec section 2); null when empty. */
export function carrierSelectionText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return names[0] ?? null;
  return `${names.length} carriers selected`;
}

/** The order Unlock Now hands to the checkout, as unlockPanelSchema returns it. */
