import { describe, expect, it } from 'vitest';
import { formatPrice } from './display.ts';
import {
  COUPON_MESSAGES,
  cartCheckoutTotals,
  checkoutTotals,
  couponDiscountCents,
  couponProblem,
  normalizeCouponCode,
  type Coupon,
  type CouponLimits,
} from './coupon.ts';
import type { OrderKind } from './order.ts';

const now = new Date('2026-03-01T12:00:00.000Z');

const coupon: Coupon = {
  code: 'TRAVEL10',
  active: true,
  expires_at: null,
  max_usage: null,
  usage_count: 0,
  amount_off_cents: null,
  percent_off: 10,
  kinds: null,
};

describe('COUPON_MESSAGES', () => {
  it('holds the spec texts', () => {
    expect(COUPON_MESSAGES).toEqual({
      invalid: 'Invalid coupon code',
      expired: 'This coupon has expired',
      usageLimit: 'This coupon has reached its usage limit',
      notForLine: 'This coupon cannot be used for this product',
      belowFloor: 'This coupon cannot be used on this order: it would take the price below what the service costs us',
      failed: 'Failed to validate coupon',
    });
  });
});

describe('normalizeCouponCode', () => {
  it.each([
    ['travel10', 'TRAVEL10'],
    ['  Summer-25 ', 'SUMMER-25'],
    ['\tWELCOME\n', 'WELCOME'],
    ['SAVE5', 'SAVE5'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeCouponCode(raw)).toBe(expected);
  });
});

describe('couponProblem', () => {
  it.each<{
    case: string;
    value: CouponLimits | null;
    kind?: OrderKind;
    expected: keyof typeof COUPON_MESSAGES | null;
  }>([
    { case: 'kept to eSIMs, at an eSIM checkout', value: { ...coupon, kinds: ['esim'] }, kind: 'esim', expected: null },
    {
      case: 'kept to eSIMs, at an unlock checkout',
      value: { ...coupon, kinds: ['esim'] },
      kind: 'unlock',
      expected: 'notForLine',
    },
    { case: 'for every line, at a check checkout', value: coupon, kind: 'check', expected: null },
    {
      case: 'inactive wins over another line',
      value: { ...coupon, active: false, kinds: ['esim'] },
      kind: 'unlock',
      expected: 'invalid',
    },
    { case: 'no such coupon', value: null, expected: 'invalid' },
    { case: 'a usable coupon', value: coupon, expected: null },
    { case: 'an inactive coupon', value: { ...coupon, active: false }, expected: 'invalid' },
    {
      case: 'inactive wins over expired',
      value: { ...coupon, active: false, expires_at: '2020-01-01T00:00:00Z' },
      expected: 'invalid',
    },
    {
      case: 'a row of an active-only lookup',
      value: { expires_at: null, max_usage: 5, usage_count: 1 },
      expected: null,
    },
    { case: 'expired a second ago', value: { ...coupon, expires_at: '2026-03-01T11:59:59.000Z' }, expected: 'expired' },
    { case: 'expires this very moment', value: { ...coupon, expires_at: '2026-03-01T12:00:00.000Z' }, expected: null },
    { case: 'expires tomorrow', value: { ...coupon, expires_at: '2026-03-02T12:00:00.000Z' }, expected: null },
    { case: 'an unreadable expiry', value: { ...coupon, expires_at: 'soon' }, expected: 'expired' },
    { case: 'uses left', value: { ...coupon, max_usage: 100, usage_count: 99 }, expected: null },
    { case: 'usage at the limit', value: { ...coupon, max_usage: 100, usage_count: 100 }, expected: 'usageLimit' },
    { case: 'usage above the limit', value: { ...coupon, max_usage: 1, usage_count: 3 }, expected: 'usageLimit' },
    { case: 'a limit of zero uses', value: { ...coupon, max_usage: 0, usage_count: 0 }, expected: 'usageLimit' },
    {
      case: 'expired wins over used up',
      value: { ...coupon, expires_at: '2025-12-31T23:59:59Z', max_usage: 1, usage_count: 1 },
      expected: 'expired',
    },
  ])('$case → $expected', ({ value, kind, expected }) => {
    expect(couponProblem(value, now, kind)).toBe(expected);
  });
});

describe('couponDiscountCents', () => {
  it.each<{ case: string; subtotal: number; percent: number | null; amount: number | null; expected: number }>([
    { case: '10% of $49.99 rounds half up', subtotal: 4999, percent: 10, amount: null, expected: 500 },
    { case: '10% of $10.05 (exact half cent)', subtotal: 1005, percent: 10, amount: null, expected: 101 },
    { case: '15% of $19.99', subtotal: 1999, percent: 15, amount: null, expected: 300 },
    { case: '33% of $1.00', subtotal: 100, percent: 33, amount: null, expected: 33 },
    { case: '100% off', subtotal: 2650, percent: 100, amount: null, expected: 2650 },
    { case: 'over 100% is capped at the subtotal', subtotal: 2650, percent: 150, amount: null, expected: 2650 },
    { case: '$5 off', subtotal: 2650, percent: null, amount: 500, expected: 500 },
    { case: '$5 off a $4.50 cart is capped', subtotal: 450, percent: null, amount: 500, expected: 450 },
    { case: 'a fixed amount equal to the subtotal', subtotal: 500, percent: null, amount: 500, expected: 500 },
    { case: 'no discount on the coupon', subtotal: 2650, percent: null, amount: null, expected: 0 },
    { case: 'an empty cart', subtotal: 0, percent: 20, amount: null, expected: 0 },
    { case: 'a negative amount takes nothing', subtotal: 1000, percent: null, amount: -200, expected: 0 },
  ])('$case → $expected', ({ subtotal, percent, amount, expected }) => {
    expect(couponDiscountCents(subtotal, { percent_off: percent, amount_off_cents: amount })).toBe(expected);
  });
});

describe('checkoutTotals', () => {
  it.each<{
    case: string;
    subtotal: number;
    coupon: Pick<Coupon, 'percent_off' | 'amount_off_cents'> | null;
    expected: [subtotal: string, discount: string, fee: string, total: string];
  }>([
    { case: 'no coupon', subtotal: 2650, coupon: null, expected: ['$26.50', '$0.00', '$0.00', '$26.50'] },
    {
      case: 'a percent coupon',
      subtotal: 2650,
      coupon: { percent_off: 20, amount_off_cents: null },
      expected: ['$26.50', '$5.30', '$0.00', '$21.20'],
    },
    {
      case: 'a fixed coupon',
      subtotal: 2650,
      coupon: { percent_off: null, amount_off_cents: 1000 },
      expected: ['$26.50', '$10.00', '$0.00', '$16.50'],
    },
    {
      case: 'a fixed coupon larger than the cart',
      subtotal: 450,
      coupon: { percent_off: null, amount_off_cents: 1000 },
      expected: ['$4.50', '$4.50', '$0.00', '$0.00'],
    },
    { case: 'an empty cart', subtotal: 0, coupon: null, expected: ['$0.00', '$0.00', '$0.00', '$0.00'] },
  ])('$case', ({ subtotal, coupon: applied, expected }) => {
    const totals = checkoutTotals(subtotal, applied);
    expect(
      [totals.subtotalCents, totals.discountCents, totals.processingFeeCents, totals.totalCents].map(formatPrice),
    ).toEqual(expected);
  });
});

describe('cartCheckoutTotals', () => {
  const tenPercent = { percent_off: 10, amount_off_cents: null };
  it.each([
    ['eSIMs and licenses: the coupon off the eSIMs only', 2_000, 5_000, tenPercent, 7_000, 200, 6_800],
    ['licenses only: the coupon off the licenses', 0, 5_000, tenPercent, 5_000, 500, 4_500],
    ['eSIMs only: as checkoutTotals', 2_000, 0, tenPercent, 2_000, 200, 1_800],
    ['no coupon', 2_000, 5_000, null, 7_000, 0, 7_000],
  ] as const)('%s', (_, esim, licenses, coupon, subtotal, discount, total) => {
    expect(cartCheckoutTotals(esim, licenses, coupon)).toEqual({
      subtotalCents: subtotal,
      discountCents: discount,
      processingFeeCents: 0,
      totalCents: total,
    });
  });
});
