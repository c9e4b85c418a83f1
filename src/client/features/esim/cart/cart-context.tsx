import { createContext, use, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import {
  CART_STORAGE_KEY,
  CHECKOUT_CANCELLED_QUERY,
  HELD_CART_STORAGE_KEY,
  cartReducer,
  cartTotals,
  type CartItem,
  type CartPackage,
} from '../../../../domain/cart';

/** The checkout dialog shows the cart, or one package bought on its own ('Buy now'). */
export type CheckoutTarget = { readonly kind: 'cart' } | { readonly kind: 'single'; readonly item: CartItem };

interface CartContextValue {
  readonly items: readonly CartItem[];
  /** Spec section 3: sum of price × quantity, in dollars. */
  readonly totalPrice: number;
  /** Spec section 3: sum of quantities. */
  readonly itemCount: number;
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

// The stored-cart parser brings zod; it loads after start-up so pages without the shop stay light.
const cartStorage = () => import('../../../../domain/cart-storage');

function saveCart(items: readonly CartItem[], key = CART_STORAGE_KEY): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(items));
  } catch (error) {
    console.warn('Could not save the eSIM cart', error);
  }
}

/**
 * The stored cart. Back from a cancelled payment with an empty cart, the cart held when the buyer
 * left to pay is put back (once: the held copy is then dropped).
 */
function storedCartText(): string | null {
  const stored = window.localStorage.getItem(CART_STORAGE_KEY);
  const held = window.localStorage.getItem(HELD_CART_STORAGE_KEY);
  const cancelled = window.location.search.includes(CHECKOUT_CANCELLED_QUERY);
  if (held === null || !cancelled || (stored !== null && stored !== '[]')) return stored;
  window.localStorage.setItem(CART_STORAGE_KEY, held);
  window.localStorage.removeItem(HELD_CART_STORAGE_KEY);
  return held;
}

/**
 * Spec section 4 "Cart": kept in local storage under the store's own key. A cart that cannot be
 * read or saved is logged and otherwise ignored: the shopper can still buy.
 */
export function CartProvider({ children }: { readonly children: ReactNode }) {
  const [items, dispatch] = useReducer(cartReducer, []);
  const [checkout, setCheckout] = useState<CheckoutTarget | null>(null);
  const loaded = useRef(false);

  useEffect(() => {
    let cancelled = false;
    void cartStorage().then(({ parseStoredCart }) => {
      if (cancelled) return;
      try {
        const stored = parseStoredCart(storedCartText());
        if (stored.length > 0) dispatch({ type: 'replace', items: stored });
      } catch (error) {
        console.warn('Could not load the eSIM cart', error);
      }
      loaded.current = true;
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

  const value = useMemo<CartContextValue>(() => {
    const { totalPrice, itemCount } = cartTotals(items);
    return {
      items,
      totalPrice,
      itemCount,
      addItem: (item) => dispatch({ type: 'add', item }),
      setQuantity: (packageId, quantity) => dispatch({ type: 'setQuantity', package_id: packageId, quantity }),
      removeItem: (packageId) => dispatch({ type: 'remove', package_id: packageId }),
      clearCart: () => {
        dispatch({ type: 'clear' });
        // At once, not after the next render: clearing comes just before the browser leaves to pay.
        saveCart([]);
      },
      dropHeldCart: () => {
        try {
          window.localStorage.removeItem(HELD_CART_STORAGE_KEY);
        } catch (error) {
          console.warn('Could not save the eSIM cart', error);
        }
      },
      holdCartForPayment: () => {
        saveCart(items, HELD_CART_STORAGE_KEY);
        dispatch({ type: 'clear' });
        saveCart([]);
      },
      checkout,
      openCheckout: setCheckout,
      closeCheckout: () => setCheckout(null),
    };
  }, [items, checkout]);

  return <CartContext value={value}>{children}</CartContext>;
}

/** Spec section 4: using the cart outside its provider is an error. */
export function useCart(): CartContextValue {
  const cart = use(CartContext);
  if (!cart) throw new Error('useCart must be used within a CartProvider');
  return cart;
}
