/** Spec section 9: the cart's own local-storage key, with a provider-style prefix (our store's name). */
export const CART_STORAGE_KEY = 'openline-esim-cart';

/** The cart as it was when the buyer left to pay; put back if they cancel on the payment page. */
export const HELD_CART_STORAGE_KEY = 'openline-esim-cart-held';

/** The query the payment page's Cancel returns to the shop with. */
export const CHECKOUT_CANCELLED_QUERY = 'checkout=cancelled';

/** The most of one package a cart holds; the checkout request refuses more. */
export const MAX_PACKAGE_QUANTITY = 10;

/** A package as it enters the cart (spec section 3 "Cart item"); further package fields ride along. */
export interface CartPackage {
  readonly package_id: string;
  readonly package_name: string;
  /** What the shopper read on the package, e.g. '3 GB' or 'Unlimited'. */
  readonly data: string;
  /** Days. */
  readonly validity: number;
  readonly countries_iso3: readonly string[];
  /** Null for regional and global packages. */
  readonly country_code: string | null;
  /** Dollars, for display only: the server prices the cart from its catalogue. */
  readonly price: number;
  readonly [field: string]: unknown;
}

export interface CartItem extends CartPackage {
  readonly quantity: number;
}

export type CartAction =
  | { readonly type: 'add'; readonly item: CartPackage }
  | { readonly type: 'setQuantity'; readonly package_id: string; readonly quantity: number }
  | { readonly type: 'remove'; readonly package_id: string }
  | { readonly type: 'clear' }
  | { readonly type: 'replace'; readonly items: readonly CartItem[] };

/** Spec section 4 "Cart". Returns the same array when nothing changes, so React skips the render. */
export function cartReducer(state: readonly CartItem[], action: CartAction): readonly CartItem[] {
  switch (action.type) {
    case 'add': {
      const existing = state.find((item) => item.package_id === action.item.package_id);
      if (!existing) return [...state, { ...action.item, quantity: 1 }];
      if (existing.quantity >= MAX_PACKAGE_QUANTITY) return state;
      return state.map((item) => (item === existing ? { ...item, quantity: item.quantity + 1 } : item));
    }
    case 'setQuantity': {
      if (Number.isNaN(action.quantity)) return state;
      const index = state.findIndex((item) => item.package_id === action.package_id);
      if (index === -1) return state;
      if (action.quantity <= 0) return state.filter((_, i) => i !== index);
      const quantity = Math.min(Math.floor(action.quantity), MAX_PACKAGE_QUANTITY);
      const current = state[index];
      if (!current || current.quantity === quantity) return state;
      return state.map((item, i) => (i === index ? { ...item, quantity } : item));
    }
    case 'remove': {
      const next = state.filter((item) => item.package_id !== action.package_id);
      return next.length === state.length ? state : next;
    }
    case 'clear':
      return state.length === 0 ? state : [];
    case 'replace':
      return [...action.items];
  }
}

/** The cart's subtotal in cents; prices are dollars with at most two decimals. */
export function cartSubtotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
}

/** Spec section 3: totalPrice = sum of price × quantity (dollars, to the cent); itemCount = sum of quantities. */
export function cartTotals(items: readonly CartItem[]): { totalPrice: number; itemCount: number } {
  return {
    totalPrice: cartSubtotalCents(items) / 100,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}
