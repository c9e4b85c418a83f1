import { EMAIL_INVALID, EMAIL_MAX } from './email.ts';

/** Spec sections 5 and 8 "Checkout". */
export const CHECKOUT_EMAIL_INVALID = EMAIL_INVALID;
export const CART_EMPTY = 'Your cart is empty';
export const CHECKOUT_FAILED = 'Failed to create checkout session';
export const NO_CHECKOUT_URL = 'No checkout URL received';

// Spec section 5 "Email format", as written: ASCII letters, digits, dot, underscore or hyphen before
// the @, a domain of letters, digits, dots or hyphens, and a top-level part of at least 2 letters.
const CHECKOUT_EMAIL = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/**
 * Spec section 5 "Email format" for the eSIM checkout, stricter than the store's rule of
 * email.ts (ASCII only); the address is checked as typed, so trim first.
 */
export function isValidCheckoutEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && CHECKOUT_EMAIL.test(email);
}

/** Spec section 5: the typo hint under the checkout email field, e.g. 'Did you mean ann@gmail.com?'. */
export function didYouMeanText(suggestion: string): string {
  return 'Did you mean ' + suggestion + '?';
}
