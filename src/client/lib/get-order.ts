import { type OrderAnswer, orderAnswerSchema } from '../../domain/order-answer';
import { apiRequest } from '~/lib/api-client';

export interface OrderAccess {
  readonly orderId: string;
  /** The emailed link's access token; without it only the signed-in owner sees the order. */
  readonly token: string | null;
}

/** GET /api/orders/:id?token=...: the order, or a 404 for anyone but its token holder or owner. */
export function getOrder({ orderId, token }: OrderAccess, signal?: AbortSignal): Promise<OrderAnswer> {
  const query = token ? `?${new URLSearchParams({ token }).toString()}` : '';
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}${query}`, { schema: orderAnswerSchema, signal });
}
