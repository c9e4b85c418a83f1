import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order.ts';
import { UNLOCK_ORDER_HEADLINES, isOrderSettled, orderHeadline, unlockOrderDetail } from './order-page.ts';

describe('isOrderSettled', () => {
  const settled: OrderStatus[] = ['fulfilled', 'refunded', 'cancelled', 'expired'];
  it.each(ORDER_STATUSES.map((status) => ({ status, expected: settled.includes(status) })))(
    '$status → $expected',
    ({ status, expected }) => {
      expect(isOrderSettled(status)).toBe(expected);
    },
  );
});

describe('unlockOrderDetail', () => {
  it.each<{ status: OrderStatus; refunded: boolean; expected: RegExp }>([
    { status: 'pending_payment', refunded: false, expected: /waiting for the payment provider/ },
    { status: 'in_progress', refunded: false, expected: /nothing you need to do/ },
    { status: 'refunded', refunded: true, expected: /We refunded \$49\.99 to your original payment method/ },
    { status: 'refund_pending', refunded: false, expected: /We are refunding \$49\.99/ },
    { status: 'failed', refunded: true, expected: /We refunded \$49\.99/ },
    { status: 'failed', refunded: false, expected: /Our team will refund your payment/ },
    { status: 'fulfilled', refunded: false, expected: /Follow the steps below/ },
  ])('$status (refunded: $refunded)', ({ status, refunded, expected }) => {
    expect(unlockOrderDetail({ status, refunded }, '$49.99')).toMatch(expected);
  });
});

describe('orderHeadline', () => {
  it('has an unlock headline for every state, and the state label for other kinds', () => {
    for (const status of ORDER_STATUSES) expect(UNLOCK_ORDER_HEADLINES[status]).toBeTruthy();
    expect(orderHeadline({ kind: 'unlock', status: 'fulfilled' }, 'Delivered')).toBe('Your phone is unlocked');
    expect(orderHeadline({ kind: 'esim', status: 'fulfilled' }, 'Delivered')).toBe('Delivered');
  });
});
