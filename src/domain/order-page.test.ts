import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order.ts';
import { isOrderSettled } from './order-page.ts';

describe('isOrderSettled', () => {
  const settled: OrderStatus[] = ['fulfilled', 'refunded', 'cancelled', 'expired'];
  it.each(ORDER_STATUSES.map((status) => ({ status, expected: settled.includes(status) })))(
    '$status → $expected',
    ({ status, expected }) => {
      expect(isOrderSettled(status)).toBe(expected);
    },
  );
});
