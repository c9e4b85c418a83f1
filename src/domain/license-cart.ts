// No zod here: the cart's context loads with every page (the stored cart is parsed in cart-storage.ts).

/** The most units of one license in one order. */
export const LICENSE_MAX_QUANTITY = 10;
/** Most distinct licenses one checkout takes. */
export const MAX_LICENSE_LINES = 20;

/** The licenses in the cart, kept beside its eSIM packages (ADR 081) under the store's own key. */
export const LICENSE_CART_STORAGE_KEY = 'openline-license-cart';
/** The licenses as they were when the buyer left to pay; put back if they cancel on the payment page. */
export const HELD_LICENSE_CART_STORAGE_KEY = 'openline-license-cart-held';

/** A license as it enters the cart; the server prices it again from the catalogue at checkout. */
export interface LicenseCartProduct {
  readonly slug: string;
  readonly name: string;
  /** For display only. */
  readonly price_cents: number;
}

export interface LicenseCartLine extends LicenseCartProduct {
  readonly quantity: number;
}

export type LicenseCartAction =
  | { readonly type: 'add'; readonly product: LicenseCartProduct; readonly quantity: number }
  | { readonly type: 'setQuantity'; readonly slug: string; readonly quantity: number }
  | { readonly type: 'remove'; readonly slug: string }
  | { readonly type: 'clear' }
  | { readonly type: 'replace'; readonly lines: readonly LicenseCartLine[] };

const bounded = (quantity: number) => Math.min(Math.floor(quantity), LICENSE_MAX_QUANTITY);

/** The license lines of the cart; the same array when nothing changes, so React skips the render. */
export function licenseCartReducer(
  state: readonly LicenseCartLine[],
  action: LicenseCartAction,
): readonly LicenseCartLine[] {
  switch (action.type) {
    case 'add': {
      if (!Number.isFinite(action.quantity) || action.quantity < 1) return state;
      const existing = state.find((line) => line.slug === action.product.slug);
      if (!existing) {
        if (state.length >= MAX_LICENSE_LINES) return state;
        return [...state, { ...action.product, quantity: bounded(action.quantity) }];
      }
      const quantity = bounded(existing.quantity + action.quantity);
      if (quantity === existing.quantity) return state;
      return state.map((line) => (line === existing ? { ...line, quantity } : line));
    }
    case 'setQuantity': {
      if (Number.isNaN(action.quantity)) return state;
      const existing = state.find((line) => line.slug === action.slug);
      if (!existing) return state;
      if (action.quantity <= 0) return state.filter((line) => line !== existing);
      const quantity = bounded(action.quantity);
      if (quantity === existing.quantity) return state;
      return state.map((line) => (line === existing ? { ...line, quantity } : line));
    }
    case 'remove': {
      const next = state.filter((line) => line.slug !== action.slug);
      return next.length === state.length ? state : next;
    }
    case 'clear':
      return state.length === 0 ? state : [];
    case 'replace':
      return [...action.lines];
  }
}

/** The license lines' subtotal in cents. */
export function licenseCartSubtotalCents(lines: readonly LicenseCartLine[]): number {
  return lines.reduce((sum, line) => sum + line.price_cents * line.quantity, 0);
}
