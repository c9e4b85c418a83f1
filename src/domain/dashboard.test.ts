import { describe, expect, it } from 'vitest';
import { hasOpenOrders } from './dashboard.ts';
import type { OrderStatus } from './order.ts';

const orders = (...statuses: OrderStatus[]) => statuses.map((status) => ({ status }));

describe('hasOpenOrders', () => {
  it.each([
    [[], false],
    [['fulfilled', 'refunded', 'cancelled', 'expired'], false],
    [['fulfilled', 'paid'], true],
    [['pending_payment'], true],
    [['submitted'], true],
    [['in_progress'], true],
    [['rejected'], true],
    [['rerouted'], true],
    [['refund_pending'], true],
    [['failed'], true],
  ] as [OrderStatus[], boolean][])('%j: %s', (statuses, open) => {
    expect(hasOpenOrders(orders(...statuses))).toBe(open);
  });
});
