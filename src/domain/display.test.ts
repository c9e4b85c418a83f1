import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDeliveryDays, formatPrice, formatProfit, groupThousands } from './display.ts';
import type { EstimatedHours } from './delivery-hours.ts';

describe('formatPrice', () => {
  it.each([
    { cents: 4999, expected: '$49.99' },
    { cents: 0, expected: '$0.00' },
    { cents: 5, expected: '$0.05' },
    { cents: 100, expected: '$1.00' },
    { cents: 99999, expected: '$999.99' },
    { cents: 100000, expected: '$1,000.00' },
    { cents: 123450, expected: '$1,234.50' },
    { cents: 123456789, expected: '$1,234,567.89' },
    { cents: -500, expected: '-$5.00' },
    { cents: 1250.5, expected: '$12.51' },
    { cents: 33.3333, expected: '$0.33' },
    { cents: -0.2, expected: '$0.00' },
  ])('$cents → $expected', ({ cents, expected }) => {
    expect(formatPrice(cents)).toBe(expected);
  });
});

describe('formatDeliveryDays', () => {
  it.each<{ hours: EstimatedHours; expected: string }>([
    { hours: 24, expected: '1 business day' },
    { hours: 1, expected: '1 business day' },
    { hours: 25, expected: '2 business days' },
    { hours: 48, expected: '2 business days' },
    { hours: 72, expected: '3 business days' },
    { hours: 0, expected: '0 business days' },
    { hours: '24-72', expected: '1-3 business days' },
    { hours: '1-72', expected: '1-3 business days' },
    { hours: '48-120', expected: '2-5 business days' },
    { hours: '72-72', expected: '3 business days' },
    { hours: '1-24', expected: '1 business day' },
    { hours: '49-72', expected: '3 business days' },
  ])('$hours → $expected', ({ hours, expected }) => {
    expect(formatDeliveryDays(hours)).toBe(expected);
  });
});

describe('formatProfit', () => {
  it.each([
    { price: 5000, cost: 2000, expected: '$30.00 (60.0%)' },
    { price: 4999, cost: 1500, expected: '$34.99 (70.0%)' },
    { price: 3000, cost: 1000, expected: '$20.00 (66.7%)' },
    { price: 200000, cost: 50000, expected: '$1,500.00 (75.0%)' },
    { price: 2000, cost: 2000, expected: '$0.00 (0.0%)' },
    { price: 1000, cost: 1500, expected: '-$5.00 (-50.0%)' },
    { price: 100000, cost: 100040, expected: '-$0.40 (0.0%)' },
    { price: 0, cost: 1500, expected: '-$15.00 (0.0%)' },
    { price: 0, cost: 0, expected: '$0.00 (0.0%)' },
  ])('price $price, cost $cost → $expected', ({ price, cost, expected }) => {
    expect(formatProfit(price, cost)).toBe(expected);
  });
});

describe('groupThousands', () => {
  it.each([
    { value: 0, expected: '0' },
    { value: 999, expected: '999' },
    { value: 3282, expected: '3,282' },
    { value: 1600000, expected: '1,600,000' },
  ])('$value → $expected', ({ value, expected }) => {
    expect(groupThousands(value)).toBe(expected);
  });
});

describe('formatCalendarDate', () => {
  it.each([
    { date: '2026-10-14', expected: 'Oct 14, 2026' },
    { date: '2026-01-05', expected: 'Jan 5, 2026' },
    { date: '2025-12-31', expected: 'Dec 31, 2025' },
  ])('$date → $expected', ({ date, expected }) => {
    expect(formatCalendarDate(date)).toBe(expected);
  });
});
