import { createRoute } from '@hono/zod-openapi';
import { orderLookupAnswerSchema, orderLookupRequestSchema } from '../../domain/order-lookup.ts';
import { ordersOfDevice } from '../kinds/index.ts';
import { lookupOrders } from '../modules/orders/lookup.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, json, jsonBody, rateLimits } from './route-kit.ts';

const lookupRoute = createRoute({
  method: 'post',
  path: '/api/orders/lookup',
  security: ACCESS.anyone,
  tags: ['orders'],
  summary:
    'Order lookup (/track-order): the orders of an email with an order id (8 hex characters or a UUID) or a device IMEI (14-17 digits)',
  request: jsonBody(orderLookupRequestSchema),
  responses: {
    200: {
      description:
        'The matching orders, IMEIs masked, each with its page link; empty alike for a wrong email and a missing order',
      ...json(orderLookupAnswerSchema),
    },
    400: { description: 'Invalid email or Order ID or IMEI (the spec messages, per field)' },
    429: { description: 'Too many lookups from this address' },
  },
});

export function trackOrderRoutes(app: ApiApp, deps: AppDeps) {
  app.use('/api/orders/lookup', rateLimits(deps)('order-lookup', deps.config.ORDER_LOOKUP_RATE_LIMIT));
  app.openapi(lookupRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        orders: await lookupOrders(deps.database.db, c.req.valid('json'), (imei, limit) =>
          ordersOfDevice(deps.kinds, imei, limit),
        ),
      },
      200,
    );
  });
}
