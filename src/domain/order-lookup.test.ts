import { describe, expect, it } from 'vitest';
import { ORDER_LOOKUP_MESSAGES, orderLookupSchema, orderReference } from './order-lookup.ts';

describe('order lookup (spec sections 5 and 9)', () => {
  it.each([
    ['a1b2c3d4', { kind: 'short_id', value: 'a1b2c3d4' }],
    [' A1B2C3D4 ', { kind: 'short_id', value: 'a1b2c3d4' }],
    ['12345678', { kind: 'short_id', value: '12345678' }],
    ['6F9619FF-8B86-D011-B42D-00CF4FC964FF', { kind: 'uuid', value: '6f9619ff-8b86-d011-b42d-00cf4fc964ff' }],
    ['35693803564380', { kind: 'imei', value: '35693803564380' }],
    ['356938035643809', { kind: 'imei', value: '356938035643809' }],
    ['35693803564380912', { kind: 'imei', value: '35693803564380912' }],
    ['3569380356438', null],
    ['356938035643809123', null],
    ['a1b2c3d', null],
    ['g1b2c3d4', null],
  ])('orderReference(%j) → %j', (raw, expected) => expect(orderReference(raw)).toEqual(expected));

  it.each([
    [{ email: 'A@Example.com', orderIdOrImei: 'a1b2c3d4' }, null],
    [{ email: 'a@example.com', orderIdOrImei: '' }, ORDER_LOOKUP_MESSAGES.required],
    [{ email: 'a@example.com', orderIdOrImei: '   ' }, ORDER_LOOKUP_MESSAGES.required],
    [{ email: 'a@example.com', orderIdOrImei: 'abc' }, ORDER_LOOKUP_MESSAGES.invalid],
    [{ email: 'not-an-email', orderIdOrImei: 'a1b2c3d4' }, 'Please enter a valid email address'],
    [{ email: 'a@example.com', orderIdOrImei: 'a1b2\u0000c3d4' }, 'Text must not contain NUL (\\u0000) characters.'],
  ])('%j → %s', (input, message) => {
    const parsed = orderLookupSchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });

  it('keeps the email lower-case', () => {
    expect(orderLookupSchema.parse({ email: ' A@Example.COM ', orderIdOrImei: 'a1b2c3d4' }).email).toBe(
      'a@example.com',
    );
  });
});
