import { describe, expect, it } from 'vitest';
import {
  ADMIN_ACTION_REFUSALS,
  adminActionsFor,
  adminActionsNotOffered,
  adminOrderQuerySchema,
  decodeCursor,
  encodeCursor,
} from './admin.ts';

describe('the actions an order offers an admin', () => {
  it.each([
    [
      'a delivered, refundable order with emails',
      { status: 'fulfilled', refundable: true, hasFulfiller: true, hasEmails: true, reroutable: false },
      ['refund', 'note', 'resend_email'],
    ],
    [
      'a refunded order',
      { status: 'refunded', refundable: false, hasFulfiller: true, hasEmails: true, reroutable: false },
      ['note', 'resend_email'],
    ],
    [
      'a paid order waiting on its delivery',
      { status: 'paid', refundable: true, hasFulfiller: true, hasEmails: false, reroutable: false },
      ['refund', 'retry', 'note'],
    ],
    [
      'a stuck refund',
      { status: 'refund_pending', refundable: true, hasFulfiller: true, hasEmails: false, reroutable: false },
      ['refund', 'retry', 'note'],
    ],
    [
      'an order of a kind with nothing to deliver',
      { status: 'paid', refundable: false, hasFulfiller: false, hasEmails: false, reroutable: false },
      ['note'],
    ],
    [
      'an unlock with a supplier, another supplier service left in its plan',
      { status: 'submitted', refundable: true, hasFulfiller: true, hasEmails: true, reroutable: true },
      ['refund', 'retry', 'reroute', 'note', 'resend_email'],
    ],
    [
      'an unpaid order',
      { status: 'pending_payment', refundable: false, hasFulfiller: true, hasEmails: false, reroutable: false },
      ['note'],
    ],
  ] as const)('%s', (_, facts, actions) => {
    expect(adminActionsFor(facts)).toEqual(actions);
  });
});

describe('why an action is not offered', () => {
  const base = {
    status: 'fulfilled',
    refundable: false,
    hasFulfiller: true,
    hasEmails: true,
    reroutable: false,
    refunded: false,
    refundRefusal: null,
    canReroute: true,
  } as const;
  it.each([
    [
      'a delivered unlock',
      base,
      [
        { action: 'retry', reason: 'Nothing to retry: the order is delivered.' },
        { action: 'reroute', reason: 'It is not with a supplier.' },
        { action: 'refund', reason: 'Delivered: the supplier did the work, so it is not refunded from here.' },
      ],
    ],
    [
      'a license whose key was revealed',
      { ...base, canReroute: false, refundRefusal: 'A key of this order was revealed on 2026-11-29 at 14:02.' },
      [
        { action: 'retry', reason: 'Nothing to retry: the order is delivered.' },
        { action: 'refund', reason: 'A key of this order was revealed on 2026-11-29 at 14:02.' },
      ],
    ],
    [
      'a refunded order',
      { ...base, status: 'refunded', refunded: true, refundRefusal: 'not asked' },
      [
        { action: 'retry', reason: 'Nothing to retry: the order is refunded.' },
        { action: 'reroute', reason: 'It is not with a supplier.' },
        { action: 'refund', reason: 'Refunded already.' },
      ],
    ],
    [
      'an unpaid order',
      { ...base, status: 'pending_payment', canReroute: false },
      [
        { action: 'retry', reason: 'Nothing to retry: the order is awaiting payment.' },
        { action: 'refund', reason: 'Not paid: nothing was charged.' },
      ],
    ],
    [
      'an unlock with its last supplier service',
      { ...base, status: 'submitted', refundable: true },
      [{ action: 'reroute', reason: 'No other supplier service is left in its plan.' }],
    ],
    [
      'a refund its process does not allow yet',
      { ...base, status: 'in_progress', canReroute: false },
      [{ action: 'refund', reason: ADMIN_ACTION_REFUSALS.refund }],
    ],
  ] as const)('%s', (_, facts, reasons) => {
    expect(adminActionsNotOffered(facts)).toEqual(reasons);
  });
});

describe('the admin list query', () => {
  it('round-trips a keyset cursor', () => {
    const cursor = encodeCursor('2026-11-25T10:00:00.123Z', '0c6f1b1e-5a0e-4c1b-9a43-7d0f7b8e2a11');
    expect(adminOrderQuerySchema.parse({ cursor }).cursor).toBe(cursor);
    expect(decodeCursor(cursor)).toEqual({
      createdAt: '2026-11-25T10:00:00.123Z',
      id: '0c6f1b1e-5a0e-4c1b-9a43-7d0f7b8e2a11',
    });
  });

  it.each([
    ['a cursor it never gave out', { cursor: 'page-2' }],
    ['more than a page holds', { limit: '101' }],
    ['an order number with other letters', { number: 'xyz' }],
    ['a date that is not one', { from: 'soon' }],
    ['NUL in an email', { email: 'a\u0000b@example.com' }],
  ])('refuses %s', (_, query) => {
    expect(adminOrderQuerySchema.safeParse(query).success).toBe(false);
  });

  it('lower-cases the email and the order number, and pages 50 rows by default', () => {
    expect(adminOrderQuerySchema.parse({ email: ' Buyer@Example.COM ', number: 'AB12CD34' })).toEqual({
      email: 'buyer@example.com',
      number: 'ab12cd34',
      limit: 50,
    });
  });
});
