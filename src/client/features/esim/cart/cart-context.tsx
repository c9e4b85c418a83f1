import {
  createContext,
  use,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  CART_STORAGE_KEY,
  CHECKOUT_CANCELLED_QUERY,
  HELD_CART_STORAGE_KEY,
  cartReducer,
  cartTotals,
  type CartItem,
  type CartPackage,
} from '../../../../domain/cart';
import {
  HELD_LICENSE_CART_STORAGE_KEY,
  LICENSE_CART_STORAGE_KEY,
  licenseCartReducer,
  licenseCartSubtotalCents,
  type LicenseCartLine,
  type LicenseCartProduct,
} from '../../../../domain/license-cart';

/** The checkout dialog shows the cart, or one package bought on its own ('Buy now'). */
export type CheckoutTarget = { readonly kind: 'cart' } | { readonly kind: 'single'; readonly item: CartItem };

interface CartContextValue {
  readonly items: readonly CartItem[];
  /** The licenses in the cart (ADR 081): paid in the same checkout as its eSIMs. */
  readonly licenses: readonly LicenseCartLine[];
  /** Spec section 3: sum of price × quantity, in dollars (the licenses' too). */
  readonly totalPrice: number;
  /** Spec section 3: sum of quantities (the licenses' too). */
  readonly itemCount: number;
  readonly addLicense: (product: LicenseCartProduct, quantity: number) => void;
  readonly setLicenseQuantity: (slug: string, quantity: number) => void;
  readonly removeLicense: (slug: string) => void;
  readonly addItem: (item: CartPackage) => void;
  readonly setQuantity: (packageId: string, quantity: number) => void;
  readonly removeItem: (packageId: string) => void;
  readonly clearCart: () => void;
  /** Empties the cart as the buyer leaves to pay, keeping a copy that a cancelled payment puts back. */
  readonly holdCartForPayment: () => void;
  /** A single package is being paid for: a cancel returns to the cart as it is, nothing held. */
  readonly dropHeldCart: () => void;
  readonly checkout: CheckoutTarget | null;
  readonly openCheckout: (target: CheckoutTarget) => void;
  readonly closeCheckout: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

// Whether the stored cart has been read, outside the cart's context: a change of the context's value
// reaches every part of the page, and one whose code has not come yet (the footer's newsletter, the
// review carousel) would drop its prerendered HTML for it. Only the checkout page asks.
let cartRead = false;
const cartReadListeners = new Set<() => void>();

function markCartRead(): void {
  if (cartRead) return;
  cartRead = true;
  for (const listener of cartReadListeners) listener();
}

/** The stored cart has been read: until then an empty cart may only be one not read yet. */
export function useCartRead(): boolean {
  return useSyncExternalStore(
    (listener) => {
      cartReadListeners.add(listener);
      return () => cartReadListeners.delete(listener);
    },
    () => cartRead,
    () => false,
  );
}

// The stored-cart parser brings zod: it loads only when a cart was saved (a first visit loads none).
const cartStorage = () => import('../../../../domain/cart-storage');

/** A saved cart with nothing in it: there is nothing to read. */
const isEmptyCartText = (text: string | null) => text === null || text === '[]';

function saveCart(items: readonly unknown[], key = CART_STORAGE_KEY): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(items));
  } catch (error) {
    console.warn('Could not save the eSIM cart', error);
  }
}

/**
 * The stored cart (its eSIMs under `key`, its licenses under theirs). Back from a cancelled
 * payment with an empty cart, the cart held when the buyer left to pay is put back (once: the
 * held copy is then dropped).
 */
function storedCartText(key = CART_STORAGE_KEY, heldKey = HELD_CART_STORAGE_KEY): string | null {
  const stored = window.localStorage.getItem(key);
  const held = window.localStorage.getItem(heldKey);
  const cancelled = window.location.search.includes(CHECKOUT_CANCELLED_QUERY);
  if (held === null || !cancelled || (stored !== null && stored !== '[]')) return stored;
  window.localStorage.setItem(key, held);
  window.localStorage.removeItem(heldKey);
  return held;
}

/** The saved eSIM and license carts; storage that cannot be read is logged and holds none. */
function storedCartTexts(): readonly [string | null, string | null] {
  try {
    return [storedCartText(), storedCartText(LICENSE_CART_STORAGE_KEY, HELD_LICENSE_CART_STORAGE_KEY)];
  } catch (error) {
    console.warn('Could not load the eSIM cart', error);
    return [null, null];
  }
}

/**
 * Spec section 4 "Cart": kept in local storage under the store's own key. A cart that cannot be
 * read or saved is logged and otherwise ignored: the shopper can still buy.
 */
export function CartProvider({ children }: { readonly children: ReactNode }) {
  const [items, dispatch] = useReducer(cartReducer, []);
  const [licenses, dispatchLicense] = useReducer(licenseCartReducer, []);
  const [checkout, setCheckout] = useState<CheckoutTarget | null>(null);
  const loaded = useRef(false);

  useEffect(() => {
    let cancelled = false;
    const [esimText, licenseText] = storedCartTexts();
    const nothingStored = isEmptyCartText(esimText) && isEmptyCartText(licenseText);
    if (nothingStored) loaded.current = true;
    // Nothing stored: read at once (the parser is not even loaded); else once the parser has come.
    const reading = nothingStored ? Promise.resolve(null) : cartStorage();
    void reading.then((storage) => {
      if (cancelled) return;
      if (!storage) {
        markCartRead();
        return;
      }
      const { parseStoredCart, parseStoredLicenseCart } = storage;
      const stored = parseStoredCart(esimText);
      if (stored.length > 0) dispatch({ type: 'replace', items: stored });
      const lines = parseStoredLicenseCart(licenseText);
      if (lines.length > 0) dispatchLicense({ type: 'replace', lines });
      loaded.current = true;
      markCartRead();
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    // Until the stored cart is read, saving would overwrite it with an empty one.
    if (!loaded.current) return;
    saveCart(items);
  }, [items]);

  useEffect(() => {
    if (!loaded.current) return;
    saveCart(licenses, LICENSE_CART_STORAGE_KEY);
  }, [licenses]);

  const value = useMemo<CartContextValue>(() => {
    const esims = cartTotals(items);
    return {
      items,
      licenses,
      totalPrice: esims.totalPrice + licenseCartSubtotalCents(licenses) / 100,
      itemCount: esims.itemCount + licenses.reduce((sum, line) => sum + line.quantity, 0),
      addLicense: (product, quantity) => dispatchLicense({ type: 'add', product, quantity }),
      setLicenseQuantity: (slug, quantity) => dispatchLicense({ type: 'setQuantity', slug, quantity }),
      removeLicense: (slug) => dispatchLicense({ type: 'remove', slug }),
      addItem: (item) => dispatch({ type: 'add', item }),
      setQuantity: (packageId, quantity) => dispatch({ type: 'setQuantity', package_id: packageId, quantity }),
      removeItem: (packageId) => dispatch({ type: 'remove', package_id: packageId }),
      clearCart: () => {
        dispatch({ type: 'clear' });
        dispatchLicense({ type: 'clear' });
        // At once, not after the next render: clearing comes just before the browser leaves to pay.
        saveCart([]);
        saveCart([], LICENSE_CART_STORAGE_KEY);
      },
      dropHeldCart: () => {
        try {
          window.localStorage.removeItem(HELD_CART_STORAGE_KEY);
          window.localStorage.removeItem(HELD_LICENSE_CART_STORAGE_KEY);
        } catch (error) {
          console.warn('Could not save the eSIM cart', error);
        }
      },
      holdCartForPayment: () => {
        saveCart(items, HELD_CART_STORAGE_KEY);
        saveCart(licenses, HELD_LICENSE_CART_STORAGE_KEY);
        dispatch({ type: 'clear' });
        dispatchLicense({ type: 'clear' });
        saveCart([]);
        saveCart([], LICENSE_CART_STORAGE_KEY);
      },
      checkout,
      openCheckout: setCheckout,
      closeCheckout: () => setCheckout(null),
    };
  }, [items, licenses, checkout]);

  return <CartContext value={value}>{children}</CartContext>;
}

/** Spec section 4: using the cart outside its provider is an error. */
export function useCart(): CartContextValue {
  const cart = use(CartContext);
  if (!cart) throw new Error('useCart must be used within a CartProvider');
  return cart;
}
