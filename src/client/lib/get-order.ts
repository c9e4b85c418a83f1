import { type OrderAnswer, orderAnswerSchema } from '../../domain/order-answer';
import { type OrderAccess, orderApiPath } from '../../domain/order-page';
import { apiRequest } from '~/lib/api-client';

export type { OrderAccess };

/** GET /api/orders/:id?token=...: the order, or a 404 for anyone but its token holder or owner. */
export function getOrder(access: OrderAccess, signal?: AbortSignal): Promise<OrderAnswer> {
  return apiRequest(orderApiPath(access), { schema: orderAnswerSchema, signal });
}
