import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID } from './email.ts';
import { maskImei } from './imei.ts';
import { ORDER_LOOKUP_MESSAGES, orderLookupRequestSchema, orderPageHref, parseOrderReference } from './order-lookup.ts';
import { NUL_MESSAGE } from './text.ts';

const UUID = '3f2b8c1e-9a4d-4e2b-8f6a-1c2d3e4f5a6b';

describe('parseOrderReference', () => {
  it.each([
    ['356938035643809', { kind: 'imei', imei: '356938035643809' }],
    ['35693803564380', { kind: 'imei', imei: '35693803564380' }],
    ['3569380356438090', { kind: 'imei', imei: '3569380356438090' }],
    ['35693803564380901', { kind: 'imei', imei: '35693803564380901' }],
    ['  356938035643809 ', { kind: 'imei', imei: '356938035643809' }],
    [UUID, { kind: 'order_id', id: UUID }],
    [UUID.toUpperCase(), { kind: 'order_id', id: UUID }],
    ['a1b2c3d4', { kind: 'short_id', prefix: 'a1b2c3d4' }],
    ['A1B2C3D4', { kind: 'short_id', prefix: 'a1b2c3d4' }],
    ['#a1b2c3d4', { kind: 'short_id', prefix: 'a1b2c3d4' }],
    ['12345678', { kind: 'short_id', prefix: '12345678' }],
  ])('%j is %j', (input, expected) => {
    expect(parseOrderReference(input)).toEqual(expected);
  });

  it.each([
    ['', 'empty'],
    ['a1b2c3d', '7 hex characters'],
    ['a1b2c3d4e', '9 hex characters'],
    ['g1b2c3d4', 'not hex'],
    ['1234567890123', '13 digits'],
    ['123456789012345678', '18 digits'],
    ['35693803-5643809', 'digits with a dash'],
    [UUID.slice(0, 35), 'a cut UUID'],
    [`${UUID}0`, 'a UUID with one more character'],
    ['##a1b2c3d4', 'two hashes'],
  ])('%j (%s) is not an order reference', (input) => {
    expect(parseOrderReference(input)).toBeNull();
  });
});

describe('orderLookupRequestSchema', () => {
  const parse = (body: unknown) => {
    const result = orderLookupRequestSchema.safeParse(body);
    return result.success
      ? { ok: result.data }
      : { issues: result.error.issues.map((issue) => [issue.path.join('.'), issue.message]) };
  };

  it.each([
    [
      { email: 'Ana@Example.com ', order_id_or_imei: ' A1B2C3D4 ' },
      { email: 'Ana@Example.com', order_id_or_imei: 'A1B2C3D4' },
    ],
    [
      { email: 'ana@example.com', order_id_or_imei: '356938035643809' },
      { email: 'ana@example.com', order_id_or_imei: '356938035643809' },
    ],
  ])('accepts %j', (body, expected) => {
    expect(parse(body)).toEqual({ ok: expected });
  });

  it.each([
    [{ email: 'ana@example.com', order_id_or_imei: '' }, [['order_id_or_imei', ORDER_LOOKUP_MESSAGES.required]]],
    [{ email: 'ana@example.com', order_id_or_imei: '   ' }, [['order_id_or_imei', ORDER_LOOKUP_MESSAGES.required]]],
    [{ email: 'ana@example.com' }, [['order_id_or_imei', ORDER_LOOKUP_MESSAGES.required]]],
    [{ email: 'ana@example.com', order_id_or_imei: 'abc' }, [['order_id_or_imei', ORDER_LOOKUP_MESSAGES.invalid]]],
    [
      { email: 'ana@example.com', order_id_or_imei: '1234567890123' },
      [['order_id_or_imei', ORDER_LOOKUP_MESSAGES.invalid]],
    ],
    [
      { email: 'ana@example.com', order_id_or_imei: '9'.repeat(101) },
      [['order_id_or_imei', ORDER_LOOKUP_MESSAGES.invalid]],
    ],
    [{ email: 'ana@example.com', order_id_or_imei: 'a1b2\u0000c3d4' }, [['order_id_or_imei', NUL_MESSAGE]]],
    [{ email: 'ana', order_id_or_imei: 'a1b2c3d4' }, [['email', EMAIL_INVALID]]],
    [
      { email: '', order_id_or_imei: '' },
      [
        ['email', EMAIL_INVALID],
        ['order_id_or_imei', ORDER_LOOKUP_MESSAGES.required],
      ],
    ],
  ])('refuses %j with the spec messages', (body, issues) => {
    expect(parse(body)).toEqual({ issues });
  });

  it('uses the spec texts word for word', () => {
    expect(ORDER_LOOKUP_MESSAGES).toEqual({
      required: 'Order ID or IMEI is required',
      invalid: "Enter a valid Order ID (8 characters like 'a1b2c3d4') or IMEI (15 digits)",
    });
  });
});

describe('masking in lookup results', () => {
  it.each([
    ['356938035643809', '35693803***3809'],
    ['35693803564380', '35693803***4380'],
    ['35693803564380901', '35693803***0901'],
  ])('%s shows as %s (first 8, three asterisks, last 4)', (imei, masked) => {
    expect(maskImei(imei)).toBe(masked);
  });
});

describe('orderPageHref', () => {
  it.each([
    [{ kind: 'unlock', id: UUID }, 'tok en', `/order/${UUID}?token=tok%20en`],
    [{ kind: 'unlock', id: UUID }, undefined, `/order/${UUID}`],
    [{ kind: 'check', id: UUID }, 't', `/imei-check/results/${UUID}?token=t`],
    [{ kind: 'esim', id: UUID }, 't/1', `/esim/receipt?order=${UUID}&token=t%2F1`],
    [{ kind: 'esim', id: UUID }, undefined, `/esim/receipt?order=${UUID}`],
  ] as const)('%j with token %j is %s', (order, token, href) => {
    expect(orderPageHref(order, token)).toBe(href);
  });
});
