import { describe, expect, it } from 'vitest';
import {
  IDENTIFIER_MAX,
  IMEI_ALPHANUMERIC_MAX,
  IMEI_LENGTH,
  IMEI_MESSAGES,
  identifierKind,
  imeiIndicator,
  isLuhnValid,
  isValidImei,
  maskImei,
  normalizeImeiInput,
  stripImeiSeparators,
} from './imei.ts';

const VALID_IMEI = '490154203237518';
const BAD_CHECKSUM_IMEI = '490154203237517';

describe('IMEI constants', () => {
  it.each([
    { name: 'IMEI_LENGTH', actual: IMEI_LENGTH, expected: 15 },
    { name: 'IMEI_ALPHANUMERIC_MAX', actual: IMEI_ALPHANUMERIC_MAX, expected: 20 },
    { name: 'IDENTIFIER_MAX', actual: IDENTIFIER_MAX, expected: 17 },
  ])('$name is $expected', ({ actual, expected }) => {
    expect(actual).toBe(expected);
  });

  it('carries the spec message set word for word', () => {
    expect(IMEI_MESSAGES).toEqual({
      required: 'IMEI is required',
      exactLength: 'IMEI must be exactly 15 digits',
      invalid: 'Please enter a valid 15-digit IMEI number',
      checksum: 'One of the 15 digits is wrong: check them against *#06#',
    });
  });
});

describe('normalizeImeiInput', () => {
  it.each([
    { case: 'empty stays empty', raw: '', expected: '' },
    { case: 'plain digits', raw: '490154203237518', expected: '490154203237518' },
    { case: 'spaces removed', raw: '49 015420 323751 8', expected: '490154203237518' },
    { case: 'dashes removed', raw: '49-015420-323751-8', expected: '490154203237518' },
    { case: 'underscores and dots removed', raw: '49_015420.323751_8', expected: '490154203237518' },
    { case: 'tabs and newlines of a paste removed', raw: '\t490154203237518\n', expected: '490154203237518' },
    { case: 'digits capped at 15', raw: '4901542032375180000', expected: '490154203237518' },
    { case: 'digits with separators capped at 15', raw: '49-01542-03237-518-99', expected: '490154203237518' },
    { case: 'letters upper-cased', raw: 'f2lx-abc.12', expected: 'F2LXABC12' },
    { case: 'other symbols dropped once letters are present', raw: 'C39/ZK#4!', expected: 'C39ZK4' },
    { case: 'symbols among digits fall to the alphanumeric rule', raw: '1234/5678', expected: '12345678' },
    { case: 'alphanumerics capped at 20', raw: 'ABCDEFGHIJ1234567890XYZ', expected: 'ABCDEFGHIJ1234567890' },
    { case: 'alphanumeric input may exceed 15', raw: 'A1234567890123456', expected: 'A1234567890123456' },
  ])('$case', ({ raw, expected }) => {
    expect(normalizeImeiInput(raw)).toBe(expected);
  });

  it.each([
    { raw: ' 49-01.54_20 ', expected: '49015420' },
    { raw: 'abc', expected: 'ABC' },
  ])('stripImeiSeparators($raw) is $expected', ({ raw, expected }) => {
    expect(stripImeiSeparators(raw)).toBe(expected);
  });
});

describe('isLuhnValid', () => {
  it.each([
    { digits: VALID_IMEI, expected: true },
    { digits: '356938035643809', expected: true },
    { digits: '79927398713', expected: true },
    { digits: BAD_CHECKSUM_IMEI, expected: false },
    { digits: '356938035643800', expected: false },
    { digits: '', expected: false },
    { digits: '49015420323751A', expected: false },
    { digits: '4901 5420 3237 518', expected: false },
  ])('$digits → $expected', ({ digits, expected }) => {
    expect(isLuhnValid(digits)).toBe(expected);
  });

  it.each([
    { value: VALID_IMEI, expected: true },
    { value: BAD_CHECKSUM_IMEI, expected: false },
    { value: '79927398713', expected: false },
  ])('isValidImei($value) → $expected', ({ value, expected }) => {
    expect(isValidImei(value)).toBe(expected);
  });
});

describe('imeiIndicator', () => {
  it.each([
    { value: '', expected: { count: 0, counterText: '0/15', status: 'empty', label: null } },
    { value: '4901542', expected: { count: 7, counterText: '7/15', status: 'incomplete', label: null } },
    { value: '49015420323751', expected: { count: 14, counterText: '14/15', status: 'incomplete', label: null } },
    { value: VALID_IMEI, expected: { count: 15, counterText: '15/15', status: 'valid', label: 'Valid' } },
    { value: BAD_CHECKSUM_IMEI, expected: { count: 15, counterText: '15/15', status: 'invalid', label: 'Invalid' } },
    { value: 'A49015420323751', expected: { count: 15, counterText: '15/15', status: 'invalid', label: 'Invalid' } },
    { value: 'A490154203237518', expected: { count: 16, counterText: '16/15', status: 'too-long', label: 'Too long' } },
    {
      value: 'ABCDEFGHIJ1234567890',
      expected: { count: 20, counterText: '20/15', status: 'too-long', label: 'Too long' },
    },
  ])('$value → $expected.status', ({ value, expected }) => {
    expect(imeiIndicator(value)).toEqual(expected);
  });
});

describe('identifierKind', () => {
  it.each([
    { value: VALID_IMEI, expected: 'imei' },
    { value: 'F2LXABC12', expected: 'serial' },
    { value: 'r58m12abcde', expected: 'serial' },
    { value: '12345678', expected: 'serial' },
    { value: 'ABCDEFGHIJ1234567890', expected: 'serial' },
    // The spec checks IMEI first and then the serial shape, so 15 digits with a bad checksum read as a serial.
    { value: BAD_CHECKSUM_IMEI, expected: 'serial' },
    { value: '', expected: 'invalid' },
    { value: '1234567', expected: 'invalid' },
    { value: 'ABCDEFGHIJ1234567890X', expected: 'invalid' },
    { value: 'F2LX-ABC12', expected: 'invalid' },
    { value: '4901 5420 3237 518', expected: 'invalid' },
  ])('$value → $expected', ({ value, expected }) => {
    expect(identifierKind(value)).toBe(expected);
  });
});

describe('maskImei', () => {
  it.each([
    { imei: '356938035643809', expected: '35693803***3809' },
    { imei: VALID_IMEI, expected: '49015420***7518' },
    { imei: '35693803564380', expected: '35693803***4380' },
    { imei: '3569380356438', expected: '35693803***6438' },
    { imei: '356938035643', expected: '***5643' },
    { imei: '35693', expected: '***5693' },
    { imei: '3569', expected: '***' },
    { imei: '', expected: '***' },
  ])('$imei → $expected', ({ imei, expected }) => {
    expect(maskImei(imei)).toBe(expected);
  });

  it('never shows the digits between the head and the tail of a full IMEI', () => {
    expect(maskImei('356938035643809')).not.toContain('564');
  });
});
