import { createRoute } from '@hono/zod-openapi';
import { refundFormSchema, refundRequestAnswerSchema } from '../../domain/device-service-forms.ts';
import { deviceServiceOrderSchema } from '../../domain/device-services.ts';
import { unlockOrderAnswerSchema } from '../../domain/unlock-order.ts';
import { sessionUser } from '../modules/accounts/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { orderParams, ownOrder, tokenQuery } from './order-live.ts';
import { returnBaseUrl } from './return-url.ts';
import { ACCESS, HOUR_MS, json, jsonBody, rateLimits } from './route-kit.ts';

const deviceServiceOrderRoute = createRoute({
  method: 'post',
  path: '/api/device-services',
  security: ACCESS.anyoneOrSignedIn,
  tags: ['device services', 'orders'],
  summary: 'Start paying for an iCloud or FRP lock removal, once the device is checked not lost or stolen',
  request: jsonBody(deviceServiceOrderSchema),
  responses: {
    200: { description: "Where to send the buyer to pay, and the order's id", ...json(unlockOrderAnswerSchema) },
    400: { description: 'Invalid form (field errors: the generic form’s messages), expired or used-up coupon' },
    404: { description: "'Invalid coupon code'" },
    409: {
      description:
        'DEVICE_NOT_ELIGIBLE: reported lost or stolen, or unknown to the records (`error.details.reason`); ' +
        'UNLOCK_IN_PROGRESS: this device has this service paid and in progress (`error.details.order_url`)',
    },
    429: { description: 'Too many device service orders from this address in an hour' },
    503: { description: 'The records cannot be checked now, the service is not offered, or no payment session' },
  },
});

const refundRequestRoute = createRoute({
  method: 'post',
  path: '/api/orders/{id}/refund-request',
  security: ACCESS.orderHolder,
  tags: ['device services', 'orders'],
  summary: 'The iPhone refund request of a device service order: refunded in full before the service is done',
  request: { params: orderParams, query: tokenQuery, ...jsonBody(refundFormSchema) },
  responses: {
    200: {
      description: 'refunding (in full, now), refunded (already), not_refundable (done), nothing_to_refund (unpaid)',
      ...json(refundRequestAnswerSchema),
    },
    400: { description: 'Invalid form (the refund form’s messages), or an IMEI or email that is not the order’s' },
    404: { description: 'No such order, or not yours (the two are indistinguishable)' },
    429: { description: 'Too many requests from this address' },
  },
});

export function deviceServiceRoutes(app: ApiApp, deps: AppDeps) {
  app.use('/api/orders/:id/refund-request', rateLimits(deps)('refund-requests', 20, { windowMs: HOUR_MS }));
  app.openapi(refundRequestRoute, async (c) => {
    const order = await ownOrder(deps, c, c.req.valid('param').id, c.req.valid('query').token);
    return c.json(await deps.workflows.requestDeviceServiceRefund(order, c.req.valid('json')), 200);
  });

  // Each order asks the check provider first, at the store's cost: bounded per address and hour.
  app.use(
    '/api/device-services',
    rateLimits(deps)('device-services', deps.config.DEVICE_SERVICE_RATE_LIMIT, { windowMs: HOUR_MS }),
  );
  app.openapi(deviceServiceOrderRoute, async (c) => {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    c.header('Cache-Control', 'no-store');
    const answer = await deps.workflows.checkoutDeviceService(
      c.req.valid('json'),
      { userId: user?.id ?? null, returnBaseUrl: returnBaseUrl(c, deps.config) },
      c.get('logger'),
    );
    return c.json(answer, 200);
  });
}
