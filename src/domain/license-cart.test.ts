import { describe, expect, it } from 'vitest';
import { parseStoredLicenseCart } from './cart-storage.ts';
import {
  LICENSE_MAX_QUANTITY,
  type LicenseCartAction,
  type LicenseCartLine,
  licenseCartReducer,
  licenseCartSubtotalCents,
  MAX_LICENSE_LINES,
} from './license-cart.ts';

const office = { slug: 'office', name: 'Office 2024', price_cents: 14_999 };
const vpn = { slug: 'vpn', name: 'VPN 1 year', price_cents: 3_999 };
const line = (product: typeof office, quantity: number): LicenseCartLine => ({ ...product, quantity });

describe('the license lines of the cart', () => {
  it.each<[string, readonly LicenseCartLine[], LicenseCartAction, readonly LicenseCartLine[]]>([
    ['adds a new license with its quantity', [], { type: 'add', product: office, quantity: 2 }, [line(office, 2)]],
    [
      'adds to a license already in',
      [line(office, 2)],
      { type: 'add', product: office, quantity: 3 },
      [line(office, 5)],
    ],
    [
      'keeps a license at most at the limit',
      [line(office, 9)],
      { type: 'add', product: office, quantity: 5 },
      [line(office, LICENSE_MAX_QUANTITY)],
    ],
    ['ignores adding none', [], { type: 'add', product: office, quantity: 0 }, []],
    [
      'sets a quantity',
      [line(office, 1), line(vpn, 1)],
      { type: 'setQuantity', slug: 'vpn', quantity: 4 },
      [line(office, 1), line(vpn, 4)],
    ],
    [
      'removes a line set to 0',
      [line(office, 1), line(vpn, 1)],
      { type: 'setQuantity', slug: 'office', quantity: 0 },
      [line(vpn, 1)],
    ],
    ['removes a line', [line(office, 1), line(vpn, 1)], { type: 'remove', slug: 'vpn' }, [line(office, 1)]],
    ['clears', [line(office, 1)], { type: 'clear' }, []],
  ])('%s', (_, state, action, expected) => {
    expect(licenseCartReducer(state, action)).toEqual(expected);
  });

  it('answers the same array when nothing changes', () => {
    const state = [line(office, LICENSE_MAX_QUANTITY)];
    expect(licenseCartReducer(state, { type: 'add', product: office, quantity: 1 })).toBe(state);
    expect(licenseCartReducer(state, { type: 'remove', slug: 'none' })).toBe(state);
    expect(licenseCartReducer(state, { type: 'setQuantity', slug: 'office', quantity: Number.NaN })).toBe(state);
  });

  it('takes no more distinct licenses than one checkout does', () => {
    const full = Array.from({ length: MAX_LICENSE_LINES }, (_, i) => line({ ...vpn, slug: `p${i}` }, 1));
    expect(licenseCartReducer(full, { type: 'add', product: office, quantity: 1 })).toBe(full);
  });

  it('adds up price × quantity', () => {
    expect(licenseCartSubtotalCents([line(office, 2), line(vpn, 1)])).toBe(2 * 14_999 + 3_999);
  });

  it.each<[string, string | null, LicenseCartLine[]]>([
    ['nothing stored', null, []],
    ['not JSON', '{', []],
    ['a line without a price', '[{"slug":"office","name":"Office","quantity":1}]', []],
    [
      'too many of one',
      `[{"slug":"office","name":"Office","price_cents":1,"quantity":${LICENSE_MAX_QUANTITY + 1}}]`,
      [],
    ],
    [
      'one license twice',
      '[{"slug":"office","name":"Office","price_cents":1,"quantity":1},{"slug":"office","name":"Office","price_cents":1,"quantity":2}]',
      [],
    ],
    [
      'a good cart',
      '[{"slug":"office","name":"Office","price_cents":1,"quantity":2}]',
      [{ slug: 'office', name: 'Office', price_cents: 1, quantity: 2 }],
    ],
  ])('reads the stored lines: %s', (_, raw, expected) => {
    expect(parseStoredLicenseCart(raw)).toEqual(expected);
  });
});
