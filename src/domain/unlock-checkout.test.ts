import { describe, expect, it } from 'vitest';
import {
  deliveryPromise,
  deliveryPromiseText,
  formatHours,
  parseStoredEntries,
  priceChangedText,
  safeOrderPath,
} from './unlock-checkout.ts';

describe('deliveryPromise', () => {
  it.each([
    {
      case: 'the quote’s own times',
      quote: { estimated_hours: '24-72', average_hours: 20, guaranteed_hours: 72 },
      expected: { averageHours: 20, guaranteedHours: 72 },
    },
    {
      case: 'a window without them: midpoint and end',
      quote: { estimated_hours: '24-72', average_hours: null, guaranteed_hours: null },
      expected: { averageHours: 48, guaranteedHours: 72 },
    },
    {
      case: 'whole hours without them',
      quote: { estimated_hours: 12, average_hours: null, guaranteed_hours: null },
      expected: { averageHours: 12, guaranteedHours: 12 },
    },
    {
      case: 'an average above the guarantee is capped',
      quote: { estimated_hours: '1-72', average_hours: 90, guaranteed_hours: 72 },
      expected: { averageHours: 72, guaranteedHours: 72 },
    },
  ] as const)('$case', ({ quote, expected }) => {
    expect(deliveryPromise(quote)).toEqual(expected);
  });
});

describe('formatHours', () => {
  it.each([
    [0, '1 hour'],
    [1, '1 hour'],
    [1.2, '2 hours'],
    [36, '36 hours'],
    [48, '48 hours'],
    [49, '3 days'],
    [72, '3 days'],
    [168, '7 days'],
  ])('%s → %s', (hours, expected) => {
    expect(formatHours(hours)).toBe(expected);
  });
});

describe('deliveryPromiseText', () => {
  it('says the usual and the guaranteed time, and the date once there is one', () => {
    expect(deliveryPromiseText({ averageHours: 20, guaranteedHours: 72 })).toBe(
      'Usually 20 hours, guaranteed within 3 days',
    );
    expect(deliveryPromiseText({ averageHours: 20, guaranteedHours: 72 }, 'Nov 27, 2026, 3:00 PM')).toBe(
      'Usually 20 hours, guaranteed within 3 days, by Nov 27, 2026, 3:00 PM',
    );
  });
});

describe('priceChangedText', () => {
  it.each([
    ['$49.99', '$54.99', 'The price changed from $49.99 to $54.99. Please review and pay again.'],
    ['$49.99', '$49.99', 'Your price expired and was checked again: it is still $49.99. Please review and pay again.'],
  ])('%s → %s', (before, after, expected) => {
    expect(priceChangedText(before, after)).toBe(expected);
  });
});

describe('safeOrderPath', () => {
  it.each([
    ['/order/3f2a9c1e-0000-4000-8000-000000000000', '/order/3f2a9c1e-0000-4000-8000-000000000000'],
    ['/order/abc?token=xyz_1-2', '/order/abc?token=xyz_1-2'],
    ['https://evil.example/order/abc', null],
    ['//evil.example/order/abc', null],
    ['/order/../admin', null],
    ['/dashboard', null],
    [42, null],
    [undefined, null],
  ])('%s → %s', (value, expected) => {
    expect(safeOrderPath(value)).toBe(expected);
  });
});

describe('parseStoredEntries', () => {
  const entries = {
    country: 'US',
    carrier: 'att',
    brand: 'Apple',
    model: 'iPhone 15',
    imei: '356938035643809',
    email: 'jane@example.com',
  };
  it.each([
    { case: 'saved entries', raw: JSON.stringify(entries), expected: entries },
    { case: 'nothing saved', raw: null, expected: null },
    { case: 'not JSON', raw: '{', expected: null },
    { case: 'a field missing', raw: JSON.stringify({ ...entries, imei: undefined }), expected: null },
    { case: 'a field far too long', raw: JSON.stringify({ ...entries, brand: 'x'.repeat(10_000) }), expected: null },
    { case: 'a number for a text', raw: JSON.stringify({ ...entries, imei: 356938035643809 }), expected: null },
    { case: 'a list', raw: '[]', expected: null },
    { case: 'JSON null', raw: 'null', expected: null },
    { case: 'a field of its own, left out', raw: JSON.stringify({ ...entries, note: 'x' }), expected: entries },
  ])('$case', ({ raw, expected }) => {
    expect(parseStoredEntries(raw)).toEqual(expected);
  });
});
