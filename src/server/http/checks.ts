import { createRoute, z } from '@hono/zod-openapi';
import {
  checkOrderAnswerSchema,
  checkOrderRequestSchema,
  freeCheckAnswerSchema,
  freeCheckQuerySchema,
  LOCK_CHECK_PER_HOUR,
  lockCheckAnswer,
  lockCheckAnswerSchema,
  lockCheckRequestSchema,
} from '../../domain/device-checks.ts';
import { type ProductOffers, productOffersSchema } from '../../domain/product-prices.ts';
import { checkServiceIds } from '../integrations/checks/index.ts';
import { TEXT_MAX, boundedText } from '../../domain/text.ts';
import { shortId } from '../../domain/short-id.ts';
import { AppError } from '../errors.ts';
import { isAdmin, sessionUser } from '../modules/accounts/service.ts';
import { checkReportPdf, findDeviceCheck, freeCheck, lockStatus } from '../modules/checks/service.ts';
import { orderForViewer } from '../modules/orders/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { returnBaseUrl } from './return-url.ts';
import { ACCESS, HOUR_MS, json, jsonBody, rateLimits } from './route-kit.ts';

const freeCheckRoute = createRoute({
  method: 'get',
  path: '/api/checks/free',
  security: ACCESS.anyone,
  tags: ['checks'],
  summary: 'Brand, model and device type of an IMEI (or an Apple serial), at once and free',
  request: { query: freeCheckQuerySchema },
  responses: {
    200: { description: 'What the store knows of the device', ...json(freeCheckAnswerSchema) },
    400: { description: 'Not an IMEI or a serial number' },
    429: { description: 'Too many checks from this address' },
  },
});

const checkOrderRoute = createRoute({
  method: 'post',
  path: '/api/checks',
  security: ACCESS.anyoneOrSignedIn,
  tags: ['checks', 'orders'],
  summary: 'Buy a paid device check, or get the same check bought in the last 24 hours at no charge',
  request: jsonBody(checkOrderRequestSchema),
  responses: {
    200: {
      description: 'Where to pay, or the earlier result (its page, or emailed to a guest)',
      ...json(checkOrderAnswerSchema),
    },
    400: { description: 'Invalid form (field errors), expired or used-up coupon' },
    404: { description: "'Invalid coupon code'" },
    429: { description: 'Too many checkouts from this address' },
    503: { description: 'The payment provider could not open a session, or the check is not offered' },
  },
});

const reportRoute = createRoute({
  method: 'get',
  path: '/api/checks/{id}/report.pdf',
  security: ACCESS.orderHolder,
  tags: ['checks'],
  summary: 'A check result as a PDF, for its owner, its access token or an admin',
  request: {
    params: z.object({ id: z.uuid() }),
    query: z.object({ token: boundedText(TEXT_MAX.token).optional() }),
  },
  responses: {
    200: { description: 'The report', content: { 'application/pdf': { schema: z.string() } } },
    404: { description: 'No such check, not answered yet, or not yours (indistinguishable)' },
  },
});

const lockCheckRoute = createRoute({
  method: 'post',
  path: '/api/checks/lock',
  security: ACCESS.anyone,
  tags: ['checks', 'esim'],
  summary: 'Whether a phone can take another carrier’s eSIM: a free carrier check for the eSIM checkout',
  request: jsonBody(lockCheckRequestSchema),
  responses: {
    200: { description: 'Unlocked, locked (with the carrier) or not known', ...json(lockCheckAnswerSchema) },
    400: { description: 'Not a valid IMEI' },
    429: { description: `More than ${LOCK_CHECK_PER_HOUR} lock checks in an hour from this address` },
  },
});

const pricesRoute = createRoute({
  method: 'get',
  path: '/api/prices',
  security: ACCESS.anyone,
  tags: ['checks'],
  summary:
    'What each device check and device service sells at now (an admin may have changed its list price), and what each device service promises',
  responses: {
    200: {
      description: 'Prices in cents, by product, and each device service’s usual and guaranteed hours',
      ...json(productOffersSchema),
    },
  },
});

export function checkRoutes(app: ApiApp, deps: AppDeps) {
  app.openapi(pricesRoute, async (c) => {
    // Asked again on each visit: an admin's change shows at once.
    c.header('Cache-Control', 'no-cache');
    const [prices, promises] = await Promise.all([deps.prices.current(), deps.workflows.deviceServicePromises()]);
    const delivery = Object.fromEntries(
      Object.entries(promises).map(([id, promise]) => [
        id,
        promise && { average_hours: promise.averageHours, guaranteed_hours: promise.guaranteedHours },
      ]),
    ) as ProductOffers['delivery']['device_service'];
    return c.json({ ...prices, delivery: { device_service: delivery } }, 200);
  });

  app.use('/api/checks/lock', rateLimits(deps)('lock-checks', LOCK_CHECK_PER_HOUR, { windowMs: HOUR_MS }));
  app.openapi(lockCheckRoute, async (c) => {
    const { imei } = c.req.valid('json');
    c.header('Cache-Control', 'no-store');
    const serviceId = checkServiceIds(deps.config).carrier;
    const result = serviceId ? await lockStatus(deps.checks.provider, serviceId, imei) : null;
    return c.json(lockCheckAnswer(result), 200);
  });

  app.use('/api/checks/free', rateLimits(deps)('free-checks', deps.config.FREE_CHECK_RATE_LIMIT));
  app.openapi(freeCheckRoute, async (c) => {
    const { identifier } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await freeCheck(deps.database.db, deps.checks.table, identifier), 200);
  });

  app.on('POST', '/api/checks', rateLimits(deps)('check-checkout', deps.config.CHECKOUT_RATE_LIMIT));
  app.openapi(checkOrderRoute, async (c) => {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    c.header('Cache-Control', 'no-store');
    const answer = await deps.workflows.checkoutCheck(
      c.req.valid('json'),
      { userId: user?.id ?? null, returnBaseUrl: returnBaseUrl(c, deps.config) },
      c.get('logger'),
    );
    return c.json(answer, 200);
  });

  app.openapi(reportRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { token } = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    const orderId = id.toLowerCase();
    const db = deps.database.db;
    let order = token ? await orderForViewer(db, orderId, { token }) : null;
    if (!order) {
      const user = await sessionUser(deps.auth, c.req.raw.headers);
      if (user) order = await orderForViewer(db, orderId, { userId: user.id, admin: await isAdmin(db, user.id) });
    }
    const check = order ? await findDeviceCheck(db, orderId) : null;
    if (!order || !check?.result || !check.checkedAt) throw new AppError('NOT_FOUND', 'Check result not found.');
    const pdf = await checkReportPdf({
      shortId: shortId(order.id),
      product: check.product,
      identifier: check.identifier,
      checkedAt: check.checkedAt,
      result: check.result,
    });
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="openline-check-${shortId(order.id)}.pdf"`,
      'X-Robots-Tag': 'noindex',
    });
  });
}
