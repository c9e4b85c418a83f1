import type { OrderStatus } from './order.ts';
import { isOrderSettled } from './order-page.ts';

/** How often the dashboard asks for its orders' states while one of them can still change by itself. */
export const DASHBOARD_REFRESH_MS = 10_000;

/** Whether any order in the list is still under way (the dashboard keeps refreshing until none is). */
export function hasOpenOrders(orders: readonly { readonly status: OrderStatus }[]): boolean {
  return orders.some((order) => !isOrderSettled(order.status));
}
