import { describe, expect, it } from 'vitest';
import { ORDER_KINDS, ORDER_STATUSES, type OrderStatus } from '../order.ts';
import { esimReceiptHref } from './esim.ts';
import { orderKind } from './index.ts';
import { UNLOCK_ORDER_HEADLINES, unlockOrderDetail } from './unlock.ts';

const id = 'a1b2c3d4-0000-4000-8000-000000000000';

describe('the kind registry', () => {
  it('presents every kind the store sells, each with a noun and a page', () => {
    for (const kind of ORDER_KINDS) {
      expect(orderKind(kind).noun).toBeTruthy();
      expect(orderKind(kind).pageHref(id)).toMatch(/^\//);
    }
  });

  it.each([
    ['esim', false, `/esim/receipt?order=${id}&token=tok`],
    ['unlock', true, `/order/${id}?token=tok`],
    ['check', false, `/imei-check/results/${id}?token=tok`],
  ] as const)('%s: confirmed email %s, followed on %s', (kind, confirmed, href) => {
    expect(orderKind(kind).confirmedEmail).toBe(confirmed);
    expect(orderKind(kind).pageHref(id, 'tok')).toBe(href);
  });
});

describe('an unlock order', () => {
  it.each<{ status: OrderStatus; refunded: boolean; expected: RegExp }>([
    { status: 'pending_payment', refunded: false, expected: /waiting for the payment provider/ },
    { status: 'in_progress', refunded: false, expected: /nothing you need to do/ },
    { status: 'refunded', refunded: true, expected: /We refunded \$49\.99 to your original payment method/ },
    { status: 'refund_pending', refunded: false, expected: /We are refunding \$49\.99/ },
    { status: 'failed', refunded: true, expected: /We refunded \$49\.99/ },
    { status: 'failed', refunded: false, expected: /Our team will refund your payment/ },
    { status: 'fulfilled', refunded: false, expected: /Follow the steps below/ },
  ])('explains $status (refunded: $refunded)', ({ status, refunded, expected }) => {
    expect(unlockOrderDetail({ status, refunded }, '$49.99')).toMatch(expected);
    expect(orderKind('unlock').statusDetail({ status, refunded }, '$49.99')).toMatch(expected);
  });

  it('has a headline for every state; other kinds show the state label', () => {
    for (const status of ORDER_STATUSES) expect(UNLOCK_ORDER_HEADLINES[status]).toBeTruthy();
    expect(orderKind('unlock').headline('fulfilled', 'Delivered')).toBe('Your phone is unlocked');
    expect(orderKind('esim').headline('fulfilled', 'Delivered')).toBe('Delivered');
  });

  it('asks nothing of a running or unpaid order', () => {
    for (const status of ['pending_payment', 'paid', 'submitted', 'in_progress', 'refunded'] as const) {
      expect(orderKind('unlock').nextSteps({ id, status }, { token: 't' })).toEqual([]);
    }
    expect(orderKind('esim').nextSteps({ id, status: 'paid' }, { token: 't' })).toEqual([]);
  });

  it('points a completed unlock to the after-install checklist of its brand', () => {
    const steps = orderKind('unlock').nextSteps({ id, status: 'fulfilled' }, { token: null, brand: 'apple' });
    expect(steps).toHaveLength(1);
    expect(orderKind('unlock').nextSteps({ id, status: 'fulfilled' }, { token: null })[0]?.link?.href).toBe(
      '/support/after-install',
    );
    expect(steps.at(-1)?.link).toEqual({
      href: '/support/after-install?brand=apple',
      label: 'Open the after-install checklist',
    });
  });
});

describe('an eSIM order', () => {
  it('sends a delivered eSIM to its receipt (with the token) and eSIM help', () => {
    const steps = orderKind('esim').nextSteps({ id, status: 'fulfilled' }, { token: 'tok/en' });
    expect(steps.map((step) => step.link?.href)).toEqual([`/esim/receipt?order=${id}&token=tok%2Fen`, '/support/esim']);
    expect(esimReceiptHref(id, null)).toBe(`/esim/receipt?order=${id}`);
  });
});
