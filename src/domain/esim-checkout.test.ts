import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart.ts';
import {
  ESIM_DEVICE_TYPE,
  checkoutAnswerSchema,
  checkoutFailureMessage,
  checkoutItemsFromCart,
  checkoutOutcome,
  checkoutRequestSchema,
  couponFailureMessage,
  couponOutcome,
  couponValidateAnswerSchema,
  couponValidateRequestSchema,
  iosInstallLink,
  lpaString,
} from './esim-checkout.ts';

const valid = {
  email: 'jane@example.com',
  items: [{ package_id: 'fr-3gb-30d', quantity: 2 }],
  device_type: 'ios',
};

/** The messages a caller would show, by field. */
function requestErrors(input: Record<string, unknown>): Record<string, string[]> {
  const result = checkoutRequestSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

describe('checkoutRequestSchema', () => {
  it.each([
    { case: 'a plain request', input: valid, expected: valid },
    {
      case: 'a padded email',
      input: { ...valid, email: '  jane@example.com ' },
      expected: valid,
    },
    {
      case: 'a coupon code, normalised',
      input: { ...valid, coupon_code: ' travel10 ' },
      expected: { ...valid, coupon_code: 'TRAVEL10' },
    },
    {
      case: 'client prices and names are dropped',
      input: { ...valid, items: [{ package_id: 'fr-3gb-30d', quantity: 2, price: 0.01, package_name: 'France' }] },
      expected: valid,
    },
  ])('accepts $case', ({ input, expected }) => {
    expect(checkoutRequestSchema.parse(input)).toEqual(expected);
  });

  it.each([
    {
      case: 'an invalid email',
      input: { ...valid, email: 'jane@example' },
      field: 'email',
      message: 'Please enter a valid email address',
    },
    {
      case: 'an empty email',
      input: { ...valid, email: '' },
      field: 'email',
      message: 'Please enter a valid email address',
    },
    {
      case: 'a missing email',
      input: { ...valid, email: undefined },
      field: 'email',
      message: 'Please enter a valid email address',
    },
    { case: 'an empty cart', input: { ...valid, items: [] }, field: 'items', message: 'Your cart is empty' },
    { case: 'no items at all', input: { ...valid, items: undefined }, field: 'items', message: 'Your cart is empty' },
  ])('refuses $case with the spec message', ({ input, field, message }) => {
    expect(requestErrors(input)).toEqual({ [field]: [message] });
  });

  it.each([
    { case: 'quantity 0', input: { ...valid, items: [{ package_id: 'fr-3gb-30d', quantity: 0 }] } },
    { case: 'quantity 11', input: { ...valid, items: [{ package_id: 'fr-3gb-30d', quantity: 11 }] } },
    { case: 'a fractional quantity', input: { ...valid, items: [{ package_id: 'fr-3gb-30d', quantity: 1.5 }] } },
    { case: 'a blank package id', input: { ...valid, items: [{ package_id: ' ', quantity: 1 }] } },
    { case: 'another device type', input: { ...valid, device_type: 'android' } },
    { case: 'no device type', input: { ...valid, device_type: undefined } },
    { case: 'a very long coupon code', input: { ...valid, coupon_code: 'X'.repeat(65) } },
  ])('refuses $case', ({ input }) => {
    expect(checkoutRequestSchema.safeParse(input).success).toBe(false);
  });

  it('accepts quantity 10', () => {
    const input = { ...valid, items: [{ package_id: 'fr-3gb-30d', quantity: 10 }] };
    expect(checkoutRequestSchema.safeParse(input).success).toBe(true);
  });

  it('sends ios as the device type', () => {
    expect(ESIM_DEVICE_TYPE).toBe('ios');
  });
});

describe('checkoutItemsFromCart', () => {
  it('sends ids and quantities only', () => {
    const cart: CartItem[] = [
      {
        package_id: 'eu-10gb-30d',
        package_name: 'Europe 10 GB · 30 days',
        data: '10 GB',
        validity: 30,
        countries_iso3: ['FRA'],
        country_code: null,
        price: 22.5,
        quantity: 3,
        region: 'Europe',
      },
    ];
    expect(checkoutItemsFromCart(cart)).toEqual([{ package_id: 'eu-10gb-30d', quantity: 3 }]);
  });
});

describe('checkoutAnswerSchema and checkoutOutcome', () => {
  it.each([
    {
      case: 'a payment url',
      answer: { url: 'https://checkout.stripe.com/c/pay/cs_test_1' },
      outcome: { kind: 'redirect', url: 'https://checkout.stripe.com/c/pay/cs_test_1' },
      valid: true,
    },
    {
      case: 'a local sandbox url',
      answer: { url: 'http://localhost:3000/pay/cs_sbx_1' },
      outcome: { kind: 'redirect', url: 'http://localhost:3000/pay/cs_sbx_1' },
      valid: true,
    },
    {
      case: 'a server error',
      answer: { error: 'A package in your cart is no longer available.' },
      outcome: { kind: 'error', message: 'A package in your cart is no longer available.' },
      valid: true,
    },
    { case: 'no url', answer: {}, outcome: { kind: 'error', message: 'No checkout URL received' }, valid: false },
    {
      case: 'an empty url',
      answer: { url: '' },
      outcome: { kind: 'error', message: 'No checkout URL received' },
      valid: false,
    },
    {
      case: 'a script url',
      answer: { url: 'javascript:alert(1)' },
      outcome: { kind: 'error', message: 'No checkout URL received' },
      valid: false,
    },
    { case: 'null', answer: null, outcome: { kind: 'error', message: 'No checkout URL received' }, valid: false },
    {
      case: 'a blank error',
      answer: { error: ' ' },
      outcome: { kind: 'error', message: 'No checkout URL received' },
      valid: true,
    },
  ])('$case', ({ answer, outcome, valid: schemaAccepts }) => {
    expect(checkoutOutcome(answer)).toEqual(outcome);
    expect(checkoutAnswerSchema.safeParse(answer).success).toBe(schemaAccepts);
  });
});

describe('checkoutFailureMessage', () => {
  it.each<[string | null | undefined, string]>([
    ['A package in your cart is no longer available.', 'A package in your cart is no longer available.'],
    ['  Too many requests. ', 'Too many requests.'],
    ['', 'Failed to create checkout session'],
    ['   ', 'Failed to create checkout session'],
    [null, 'Failed to create checkout session'],
    [undefined, 'Failed to create checkout session'],
  ])('%j → %j', (message, expected) => {
    expect(checkoutFailureMessage(message)).toBe(expected);
  });
});

describe('couponFailureMessage', () => {
  it.each<[string | null | undefined, string]>([
    ['Invalid coupon code', 'Invalid coupon code'],
    ['This coupon has expired', 'This coupon has expired'],
    ['This coupon has reached its usage limit', 'This coupon has reached its usage limit'],
    ['Failed to validate coupon', 'Failed to validate coupon'],
    ['Too many requests. Please wait a moment and try again.', 'Failed to validate coupon'],
    ['invalid coupon code', 'Failed to validate coupon'],
    [null, 'Failed to validate coupon'],
    [undefined, 'Failed to validate coupon'],
  ])('%j → %j', (message, expected) => {
    expect(couponFailureMessage(message)).toBe(expected);
  });
});

describe('couponValidateRequestSchema', () => {
  it.each([
    { input: { code: ' travel10 ' }, expected: { code: 'TRAVEL10' } },
    { input: { code: 'SAVE5' }, expected: { code: 'SAVE5' } },
  ])('$input.code → $expected.code', ({ input, expected }) => {
    expect(couponValidateRequestSchema.parse(input)).toEqual(expected);
  });

  it.each([{ code: '' }, { code: '   ' }, {}, { code: 'X'.repeat(65) }])('refuses %j', (input) => {
    expect(couponValidateRequestSchema.safeParse(input).success).toBe(false);
  });
});

describe('couponValidateAnswerSchema and couponOutcome', () => {
  it.each([
    {
      case: 'a percent coupon',
      answer: { code: 'TRAVEL10', percent_off: 10, amount_off_cents: null },
      outcome: { kind: 'applied', coupon: { code: 'TRAVEL10', percent_off: 10, amount_off_cents: null } },
      valid: true,
    },
    {
      case: 'a fixed coupon',
      answer: { code: 'SAVE5', percent_off: null, amount_off_cents: 500 },
      outcome: { kind: 'applied', coupon: { code: 'SAVE5', percent_off: null, amount_off_cents: 500 } },
      valid: true,
    },
    ...[
      'Invalid coupon code',
      'This coupon has expired',
      'This coupon has reached its usage limit',
      'Failed to validate coupon',
    ].map((message) => ({
      case: message,
      answer: { error: message },
      outcome: { kind: 'error', message },
      valid: true,
    })),
    {
      case: 'an unknown error text',
      answer: { error: 'boom' },
      outcome: { kind: 'error', message: 'Failed to validate coupon' },
      valid: false,
    },
    {
      case: 'a percent above 100',
      answer: { code: 'X', percent_off: 120, amount_off_cents: null },
      outcome: { kind: 'error', message: 'Failed to validate coupon' },
      valid: false,
    },
    {
      case: 'nothing',
      answer: undefined,
      outcome: { kind: 'error', message: 'Failed to validate coupon' },
      valid: false,
    },
  ])('$case', ({ answer, outcome, valid: schemaAccepts }) => {
    expect(couponOutcome(answer)).toEqual(outcome);
    expect(couponValidateAnswerSchema.safeParse(answer).success).toBe(schemaAccepts);
  });
});

describe('eSIM install identifiers', () => {
  it.each([
    ['smdp.sandbox.openline.store', 'K2-1ABC23-DEF456', 'LPA:1$smdp.sandbox.openline.store$K2-1ABC23-DEF456'],
    ['rsp.example.com', 'ABCDEFGHJKLMNPQRSTUV', 'LPA:1$rsp.example.com$ABCDEFGHJKLMNPQRSTUV'],
  ])('lpaString(%j, %j) → %j', (smdp, matchingId, expected) => {
    expect(lpaString(smdp, matchingId)).toBe(expected);
  });

  it.each([
    [
      'LPA:1$smdp.sandbox.openline.store$K2-1ABC23',
      'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$smdp.sandbox.openline.store$K2-1ABC23',
    ],
  ])('iosInstallLink(%j) → %j', (lpa, expected) => {
    expect(iosInstallLink(lpa)).toBe(expected);
  });
});
