import { describe, expect, it } from 'vitest';
import {
  CART_EMPTY,
  CHECKOUT_EMAIL_INVALID,
  CHECKOUT_FAILED,
  NO_CHECKOUT_URL,
  didYouMeanText,
  isValidCheckoutEmail,
} from './checkout-email.ts';

describe('isValidCheckoutEmail', () => {
  it.each([
    { email: 'jane@example.com', valid: true },
    { email: 'Jane.Doe@Example.COM', valid: true },
    { email: 'jane_doe-1.x@mail.example.co.uk', valid: true },
    { email: 'j@e.io', valid: true },
    { email: '123@456.de', valid: true },
    { email: 'jane@sub-domain.example.travel', valid: true },
    { email: '', valid: false },
    { email: 'jane', valid: false },
    { email: 'jane@', valid: false },
    { email: '@example.com', valid: false },
    { email: 'jane@example', valid: false },
    { email: 'jane@example.c', valid: false },
    { email: 'jane@example.c0m', valid: false },
    { email: 'jane@example.com.', valid: false },
    { email: 'jane doe@example.com', valid: false },
    { email: ' jane@example.com', valid: false },
    { email: 'jane@example.com ', valid: false },
    { email: 'jane@@example.com', valid: false },
    { email: 'jane@exa_mple.com', valid: false },
    // The spec's character set leaves out "+" tags and non-ASCII letters.
    { email: 'jane+esim@example.com', valid: false },
    { email: 'jöran@example.com', valid: false },
    { email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com`, valid: false },
    { email: `${'a'.repeat(64)}@${'b'.repeat(185)}.com`, valid: true },
  ])('$email → $valid', ({ email, valid }) => {
    expect(isValidCheckoutEmail(email)).toBe(valid);
  });
});

describe('didYouMeanText', () => {
  it.each([
    ['jane@gmail.com', 'Did you mean jane@gmail.com?'],
    ['a.b@yahoo.co.uk', 'Did you mean a.b@yahoo.co.uk?'],
  ])('%j → %j', (suggestion, expected) => {
    expect(didYouMeanText(suggestion)).toBe(expected);
  });
});

describe('checkout messages', () => {
  it.each([
    [CHECKOUT_EMAIL_INVALID, 'Please enter a valid email address'],
    [CART_EMPTY, 'Your cart is empty'],
    [CHECKOUT_FAILED, 'Failed to create checkout session'],
    [NO_CHECKOUT_URL, 'No checkout URL received'],
  ])('%j is the spec text', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
