import { describe, expect, it } from 'vitest';
import { marginOf } from './display.ts';
import { discountKeepsFloor, floorPriceCents, keepsMargin } from './offer.ts';

describe('the lowest price that keeps the minimum margin', () => {
  it.each([
    [1500, 15, 1765],
    [2900, 15, 3412],
    [4900, 15, 5765],
    [4900, 0, 4900],
    [1000, 50, 2000],
    [0, 15, 0],
    [1, 15, 2],
  ])('cost %i at %i%% → %i', (cost, percent, floor) => {
    expect(floorPriceCents(cost, percent)).toBe(floor);
  });

  it.each([
    [1500, 15],
    [2900, 15],
    [4900, 30],
    [12345, 90],
    [7, 1],
  ])('keeps at least the margin as the admin tables show it: cost %i at %i%%', (cost, percent) => {
    const floor = floorPriceCents(cost, percent);
    expect((floor - cost) / floor).toBeGreaterThanOrEqual(percent / 100);
    // One cent less breaks it: the floor is the lowest such price.
    expect((floor - 1 - cost) / (floor - 1)).toBeLessThan(percent / 100);
    expect(marginOf(floor, cost)?.percent).toBeGreaterThanOrEqual(percent);
  });
});

describe('keeping the margin', () => {
  it.each([
    ['the default price on the iPhone 13-17 AT&T service', 4999, 2900, true],
    ['the default price on the iPhone 8-17 express service', 4999, 4900, false],
    ['exactly the floor', 1765, 1500, true],
    ['a cent under the floor', 1764, 1500, false],
  ])('%s', (_, price, cost, keeps) => {
    expect(keepsMargin(price, cost, 15)).toBe(keeps);
  });

  it.each([
    ['a 10% coupon on $49.99 over a $34.12 floor', 4999, 500, 3412, true],
    ['a 10% coupon on $44.99 over a $57.65 floor', 4499, 450, 5765, false],
    ['a 100% coupon', 4999, 4999, 3412, false],
    ['no coupon', 4999, 0, 3412, true],
  ])('%s', (_, subtotal, discount, floor, keeps) => {
    expect(discountKeepsFloor(subtotal, discount, floor)).toBe(keeps);
  });
});
