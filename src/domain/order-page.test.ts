import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order.ts';
import { isOrderSettled, orderAccessOf, orderApiPath } from './order-page.ts';

describe('isOrderSettled', () => {
  const settled: OrderStatus[] = ['fulfilled', 'refunded', 'cancelled', 'expired'];
  it.each(ORDER_STATUSES.map((status) => ({ status, expected: settled.includes(status) })))(
    '$status → $expected',
    ({ status, expected }) => {
      expect(isOrderSettled(status)).toBe(expected);
    },
  );
});

describe('the order page’s address and its API address', () => {
  it.each([
    { id: 'ab12', token: null, path: '/api/orders/ab12' },
    { id: ' ab12 ', token: ' t0k ', path: '/api/orders/ab12?token=t0k' },
    { id: 'ab12', token: '   ', path: '/api/orders/ab12' },
    { id: 'a b/c', token: 'x&y=z', path: '/api/orders/a%20b%2Fc?token=x%26y%3Dz' },
  ])('$id with token $token → $path', ({ id, token, path }) => {
    expect(orderApiPath(orderAccessOf(id, token))).toBe(path);
  });

  it("puts an action's path below the order, before its token", () => {
    expect(orderApiPath(orderAccessOf('ab12', 'x&y'), '/refund')).toBe('/api/orders/ab12/refund?token=x%26y');
    expect(orderApiPath(orderAccessOf('ab12', null), '/refund-request')).toBe('/api/orders/ab12/refund-request');
  });
});
