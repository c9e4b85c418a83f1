import { createRoute } from '@hono/zod-openapi';
import { unlockOrderAnswerSchema, unlockOrderRequestSchema } from '../../domain/unlock-order.ts';
import { sessionUser } from '../modules/accounts/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { returnBaseUrl } from './return-url.ts';
import { ACCESS, json, jsonBody, rateLimits } from './route-kit.ts';

const unlockOrderRoute = createRoute({
  method: 'post',
  path: '/api/orders/unlock',
  security: ACCESS.anyoneOrSignedIn,
  tags: ['unlocks', 'orders'],
  summary: "Start paying for a carrier unlock at its stored quote's price; the coupon is re-checked",
  request: jsonBody(unlockOrderRequestSchema),
  responses: {
    200: {
      description: "Where to send the buyer to pay (or, for a free order, the order's page), and the order's id",
      ...json(unlockOrderAnswerSchema),
    },
    400: { description: 'Invalid form (field errors), unknown country, expired or used-up coupon' },
    404: { description: "'Invalid coupon code'" },
    409: {
      description:
        'QUOTE_CHANGED: the quote ran out or no longer holds (`error.details.quote` is the new one); ' +
        'UNLOCK_IN_PROGRESS: this IMEI has a paid unlock in progress (`error.details.order_url`)',
    },
    429: { description: 'Too many checkouts from this address' },
    503: { description: 'The payment provider could not open a session' },
  },
});

export function unlockOrderRoutes(app: ApiApp, deps: AppDeps) {
  app.use('/api/orders/unlock', rateLimits(deps)('unlock-checkout', deps.config.CHECKOUT_RATE_LIMIT));
  app.openapi(unlockOrderRoute, async (c) => {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    c.header('Cache-Control', 'no-store');
    const answer = await deps.workflows.checkoutUnlock(
      c.req.valid('json'),
      { userId: user?.id ?? null, returnBaseUrl: returnBaseUrl(c, deps.config) },
      c.get('logger'),
    );
    return c.json(answer, 200);
  });
}
