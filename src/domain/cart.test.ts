import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, cartItemSchema, parseStoredCart } from './cart-storage.ts';
import {
  MAX_PACKAGE_QUANTITY,
  cartReducer,
  cartSubtotalCents,
  cartTotals,
  type CartAction,
  type CartItem,
  type CartPackage,
} from './cart.ts';

const france: CartPackage = {
  package_id: 'fr-3gb-30d',
  package_name: 'France 3 GB · 30 days',
  data: '3 GB',
  validity: 30,
  countries_iso3: ['FRA'],
  country_code: 'FR',
  price: 8,
};

const europe: CartPackage = {
  package_id: 'eu-10gb-30d',
  package_name: 'Europe 10 GB · 30 days',
  data: '10 GB',
  validity: 30,
  countries_iso3: ['FRA', 'DEU', 'ITA'],
  country_code: null,
  price: 22.5,
  region: 'Europe',
};

const line = (item: CartPackage, quantity: number): CartItem => ({ ...item, quantity });

describe('cartReducer', () => {
  it.each<{ case: string; state: CartItem[]; action: CartAction; expected: CartItem[] }>([
    { case: 'add a new package', state: [], action: { type: 'add', item: france }, expected: [line(france, 1)] },
    {
      case: 'add a second package after the first',
      state: [line(france, 1)],
      action: { type: 'add', item: europe },
      expected: [line(france, 1), line(europe, 1)],
    },
    {
      case: 'add a package already in the cart',
      state: [line(france, 1), line(europe, 2)],
      action: { type: 'add', item: europe },
      expected: [line(france, 1), line(europe, 3)],
    },
    {
      case: 'add beyond the per-package limit',
      state: [line(france, MAX_PACKAGE_QUANTITY)],
      action: { type: 'add', item: france },
      expected: [line(france, MAX_PACKAGE_QUANTITY)],
    },
    {
      case: 'set a quantity',
      state: [line(france, 1), line(europe, 1)],
      action: { type: 'setQuantity', package_id: 'eu-10gb-30d', quantity: 4 },
      expected: [line(france, 1), line(europe, 4)],
    },
    {
      case: 'set a fractional quantity',
      state: [line(france, 1)],
      action: { type: 'setQuantity', package_id: 'fr-3gb-30d', quantity: 2.7 },
      expected: [line(france, 2)],
    },
    {
      case: 'set a quantity above the limit',
      state: [line(france, 1)],
      action: { type: 'setQuantity', package_id: 'fr-3gb-30d', quantity: 99 },
      expected: [line(france, MAX_PACKAGE_QUANTITY)],
    },
    {
      case: 'set quantity 0',
      state: [line(france, 2), line(europe, 1)],
      action: { type: 'setQuantity', package_id: 'fr-3gb-30d', quantity: 0 },
      expected: [line(europe, 1)],
    },
    {
      case: 'set a negative quantity',
      state: [line(france, 2), line(europe, 1)],
      action: { type: 'setQuantity', package_id: 'eu-10gb-30d', quantity: -3 },
      expected: [line(france, 2)],
    },
    {
      case: 'set the quantity of a package not in the cart',
      state: [line(france, 2)],
      action: { type: 'setQuantity', package_id: 'jp-1gb-7d', quantity: 3 },
      expected: [line(france, 2)],
    },
    {
      case: 'set a quantity that is not a number',
      state: [line(france, 2)],
      action: { type: 'setQuantity', package_id: 'fr-3gb-30d', quantity: Number.NaN },
      expected: [line(france, 2)],
    },
    {
      case: 'remove',
      state: [line(france, 2), line(europe, 1)],
      action: { type: 'remove', package_id: 'fr-3gb-30d' },
      expected: [line(europe, 1)],
    },
    {
      case: 'remove a package not in the cart',
      state: [line(france, 2)],
      action: { type: 'remove', package_id: 'eu-10gb-30d' },
      expected: [line(france, 2)],
    },
    { case: 'clear', state: [line(france, 2), line(europe, 1)], action: { type: 'clear' }, expected: [] },
    {
      case: 'replace (load from storage)',
      state: [line(france, 2)],
      action: { type: 'replace', items: [line(europe, 3)] },
      expected: [line(europe, 3)],
    },
  ])('$case', ({ state, action, expected }) => {
    const before = structuredClone(state);
    expect(cartReducer(state, action)).toEqual(expected);
    expect(state).toEqual(before);
  });

  it.each<{ case: string; action: CartAction }>([
    { case: 'set the same quantity', action: { type: 'setQuantity', package_id: 'fr-3gb-30d', quantity: 2 } },
    { case: 'set the quantity of a missing package', action: { type: 'setQuantity', package_id: 'x', quantity: 2 } },
    { case: 'remove a missing package', action: { type: 'remove', package_id: 'x' } },
  ])('$case keeps the same state object', ({ action }) => {
    const state = [line(france, 2)];
    expect(cartReducer(state, action)).toBe(state);
  });

  it('keeps extra package fields on the cart line', () => {
    expect(cartReducer([], { type: 'add', item: europe })[0]?.region).toBe('Europe');
  });
});

describe('cartTotals', () => {
  it.each<{ case: string; items: CartItem[]; totalPrice: number; itemCount: number; cents: number }>([
    { case: 'empty cart', items: [], totalPrice: 0, itemCount: 0, cents: 0 },
    { case: 'one line', items: [line(france, 1)], totalPrice: 8, itemCount: 1, cents: 800 },
    {
      case: 'quantities multiply',
      items: [line(france, 2), line(europe, 3)],
      totalPrice: 83.5,
      itemCount: 5,
      cents: 8350,
    },
    {
      case: 'cents that do not add up in binary',
      items: [line({ ...france, price: 0.1 }, 1), line({ ...europe, price: 0.2 }, 1)],
      totalPrice: 0.3,
      itemCount: 2,
      cents: 30,
    },
    {
      case: 'many of a cents price',
      items: [line({ ...france, price: 4.99 }, 10)],
      totalPrice: 49.9,
      itemCount: 10,
      cents: 4990,
    },
  ])('$case', ({ items, totalPrice, itemCount, cents }) => {
    expect(cartTotals(items)).toEqual({ totalPrice, itemCount });
    expect(cartSubtotalCents(items)).toBe(cents);
  });
});

describe('parseStoredCart', () => {
  const stored = [line(france, 2), line(europe, 1)];

  it.each<{ case: string; raw: string | null; expected: CartItem[] }>([
    { case: 'nothing stored', raw: null, expected: [] },
    { case: 'a saved cart', raw: JSON.stringify(stored), expected: stored },
    { case: 'an empty cart', raw: '[]', expected: [] },
    { case: 'not JSON', raw: '{oops', expected: [] },
    { case: 'not an array', raw: JSON.stringify({ items: stored }), expected: [] },
    { case: 'a line without a price', raw: JSON.stringify([{ ...line(france, 1), price: undefined }]), expected: [] },
    { case: 'a price as text', raw: JSON.stringify([{ ...line(france, 1), price: '8.00' }]), expected: [] },
    { case: 'a zero quantity', raw: JSON.stringify([line(france, 0)]), expected: [] },
    { case: 'a fractional quantity', raw: JSON.stringify([line(france, 1.5)]), expected: [] },
    { case: 'a package twice', raw: JSON.stringify([line(france, 1), line(france, 2)]), expected: [] },
    { case: 'JSON null', raw: 'null', expected: [] },
  ])('$case', ({ raw, expected }) => {
    expect(parseStoredCart(raw)).toEqual(expected);
  });
});

describe('cartItemSchema', () => {
  it.each([
    { case: 'a local package', value: line(france, 1), valid: true },
    { case: 'a regional package with extra fields', value: line(europe, 1), valid: true },
    { case: 'an empty package id', value: { ...line(france, 1), package_id: ' ' }, valid: false },
    { case: 'a negative price', value: { ...line(france, 1), price: -1 }, valid: false },
    { case: 'countries as text', value: { ...line(france, 1), countries_iso3: 'FRA' }, valid: false },
    { case: 'validity of 0 days', value: { ...line(france, 1), validity: 0 }, valid: false },
    { case: 'too many of one package', value: line(france, MAX_PACKAGE_QUANTITY + 1), valid: false },
  ])('$case → $valid', ({ value, valid }) => {
    expect(cartItemSchema.safeParse(value).success).toBe(valid);
  });
});

describe('CART_STORAGE_KEY', () => {
  it('carries the store-name prefix', () => {
    expect(CART_STORAGE_KEY).toBe('openline-esim-cart');
  });
});
