import type { OrderStatus } from './order.ts';

/** How often the order page asks for news while the order can still change by itself. */
export const ORDER_PAGE_REFRESH_MS = 5_000;

const SETTLED: readonly OrderStatus[] = ['fulfilled', 'refunded', 'cancelled', 'expired'];

/** States after which an order changes only if someone acts on it: the page stops asking. */
export function isOrderSettled(status: OrderStatus): boolean {
  return SETTLED.includes(status);
}
