import { createRoute, z } from '@hono/zod-openapi';
import { accountOrdersAnswerSchema, ORDER_KINDS } from '../../domain/order.ts';
import { orderAnswerSchema } from '../../domain/order-answer.ts';
import { TEXT_MAX, boundedText } from '../../domain/text.ts';
import { AppError } from '../errors.ts';
import { isAdmin, sessionUser } from '../modules/accounts/service.ts';
import { orderReceipt } from '../kinds/order-answer.ts';
import { accountOrders } from '../modules/orders/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, json } from './route-kit.ts';

const orderRoute = createRoute({
  method: 'get',
  path: '/api/orders/{id}',
  security: ACCESS.orderHolder,
  tags: ['orders'],
  summary: 'An order’s receipt and tracking view, for its access token (guest link), its signed-in owner or an admin',
  request: {
    params: z.object({ id: boundedText(TEXT_MAX.name) }),
    query: z.object({ token: boundedText(TEXT_MAX.token).optional() }),
  },
  responses: {
    200: { description: 'The order', ...json(orderAnswerSchema) },
    404: { description: 'No such order, or not yours (the two are indistinguishable)' },
  },
});

const accountOrdersRoute = createRoute({
  method: 'get',
  path: '/api/orders',
  security: ACCESS.signedIn,
  tags: ['orders'],
  summary: 'The signed-in customer’s orders, newest first (at most 50), of one kind with ?kind=',
  request: { query: z.object({ kind: z.enum(ORDER_KINDS).optional() }) },
  responses: {
    200: { description: 'Orders', ...json(accountOrdersAnswerSchema) },
    401: { description: 'Signed out' },
  },
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function orderRoutes(app: ApiApp, deps: AppDeps) {
  app.openapi(accountOrdersRoute, async (c) => {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to see your orders.');
    c.header('Cache-Control', 'private, no-store');
    const { kind } = c.req.valid('query');
    return c.json({ orders: await accountOrders(deps.database.db, user.id, kind) }, 200);
  });

  app.openapi(orderRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { token } = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    if (!UUID.test(id)) throw new AppError('NOT_FOUND', 'Order not found.');
    const orderId = id.toLowerCase();
    const receipt = (viewer: { token?: string; userId?: string; admin?: boolean }) =>
      orderReceipt(deps.database.db, deps.kinds, orderId, viewer);
    // The guest link first; the session only when there is no (matching) token.
    let order = token ? await receipt({ token }) : null;
    if (!order) {
      const user = await sessionUser(deps.auth, c.req.raw.headers);
      if (user) order = await receipt({ userId: user.id, admin: await isAdmin(deps.database.db, user.id) });
    }
    if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
    return c.json(order, 200);
  });
}
