import type { OrderStatus } from './order.ts';

/** How often the order page asks for news while the order can still change by itself. */
export const ORDER_PAGE_REFRESH_MS = 5_000;

const SETTLED: readonly OrderStatus[] = ['fulfilled', 'refunded', 'cancelled', 'expired'];

/** States after which an order changes only if someone acts on it: the page stops asking. */
export function isOrderSettled(status: OrderStatus): boolean {
  return SETTLED.includes(status);
}

/** Who may see an order: the emailed link's token, or (none) its signed-in owner. */
export interface OrderAccess {
  readonly orderId: string;
  /** The emailed link's access token; without it only the signed-in owner sees the order. */
  readonly token: string | null;
}

/** The order page's address parts as the page reads them: the id and a non-blank token, trimmed. */
export function orderAccessOf(id: string, token: string | null): OrderAccess {
  return { orderId: id.trim(), token: token?.trim() || null };
}

/**
 * GET /api/orders/:id?token=…: the order's answer. The page asks for it, and the server names it
 * in the page's first answer (ADR 092): the same address, so the browser uses what it preloaded.
 */
export function orderApiPath({ orderId, token }: OrderAccess, below = ''): string {
  const query = token ? `?${new URLSearchParams({ token }).toString()}` : '';
  return `/api/orders/${encodeURIComponent(orderId)}${below}${query}`;
}

/** GET /api/orders: the signed-in account's orders, the dashboard's first data. */
export const ACCOUNT_ORDERS_API_PATH = '/api/orders';
