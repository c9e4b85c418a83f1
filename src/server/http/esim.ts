import { createRoute, z } from '@hono/zod-openapi';
import { couponValidateAnswerSchema, couponValidateRequestSchema } from '../../domain/esim-checkout.ts';
import { checkoutAnswerSchema } from '../../domain/esim-checkout.ts';
import { cartCheckoutRequestSchema } from '../../domain/licenses.ts';
import { esimPackageRowSchema } from '../../domain/esim-catalog.ts';
import { TEXT_MAX, boundedText } from '../../domain/text.ts';
import { isAdmin, sessionUser } from '../modules/accounts/service.ts';
import { checkCoupon } from '../modules/coupons/service.ts';
import { sendCached } from './catalog.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { returnBaseUrl } from './return-url.ts';
import { ACCESS, json, jsonBody, rateLimits } from './route-kit.ts';

const packagesQuery = z.object({
  country: boundedText(TEXT_MAX.name).trim().optional(),
  region: boundedText(TEXT_MAX.name).trim().optional(),
});

const checkoutRoute = createRoute({
  method: 'post',
  path: '/api/esim/checkout',
  security: ACCESS.anyoneOrSignedIn,
  tags: ['esim'],
  summary:
    'Start paying for the cart: its eSIM packages and licenses (one order each, one payment); prices come from the catalogues, the coupon is re-checked',
  request: jsonBody(cartCheckoutRequestSchema),
  responses: {
    200: {
      description: 'Where to send the buyer to pay (or, for a free order, the receipt)',
      ...json(checkoutAnswerSchema),
    },
    400: { description: 'Invalid email, empty cart, unavailable package, expired or used-up coupon' },
    404: { description: "'Invalid coupon code', or a license not on sale" },
    409: { description: 'Fewer keys of a license in stock than the cart asks for (with how many are left)' },
    429: { description: 'Too many checkouts from this address' },
    503: { description: 'The payment provider could not open a session' },
  },
});

const couponRoute = createRoute({
  method: 'post',
  path: '/api/coupons/validate',
  security: ACCESS.anyone,
  tags: ['esim'],
  summary: "A coupon's effect, or why it cannot be used (the spec's coupon messages)",
  request: jsonBody(couponValidateRequestSchema),
  responses: {
    200: {
      description: 'The coupon takes percent_off or amount_off_cents off the subtotal',
      ...json(couponValidateAnswerSchema),
    },
    400: {
      description:
        "'This coupon has expired', 'This coupon has reached its usage limit', or (with an unlock's quote_id) one that would take the sale below its cost",
    },
    404: { description: "'Invalid coupon code'" },
  },
});

export function esimRoutes(app: ApiApp, deps: AppDeps) {
  const limit = rateLimits(deps);
  app.use('/api/esim/checkout', limit('esim-checkout', deps.config.CHECKOUT_RATE_LIMIT));
  app.use('/api/coupons/validate', limit('coupons', deps.config.CHECKOUT_RATE_LIMIT));

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/esim/packages',
    security: ACCESS.anyoneOrSignedIn,
    tags: ['esim'],
    summary:
      'Active eSIM packages for a country (ISO2, ISO3 or name) and/or region; without filters, each destination’s cheapest package. net_cost_cents for admins only',
    request: { query: packagesQuery },
    responses: {
      200: {
        description: 'Packages, local first, then regional and global, cheapest first',
        ...json(z.array(esimPackageRowSchema)),
      },
      304: { description: 'Not modified since the ETag in If-None-Match' },
    },
  });
  app.get('/api/esim/packages', async (c) => {
    const filter = packagesQuery.parse(c.req.query());
    // Only a request with a session can be an admin's; the public answer needs no session lookup.
    const user = c.req.header('cookie') ? await sessionUser(deps.auth, c.req.raw.headers) : null;
    const admin = user ? await isAdmin(deps.database.db, user.id) : false;
    const cached = await deps.esim.listPackages(
      { country: filter.country || undefined, region: filter.region || undefined },
      { admin },
    );
    if (!admin) return sendCached(c, cached);
    return c.body(cached.body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' });
  });

  app.openapi(couponRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { code, kind, quote_id: quoteId } = c.req.valid('json');
    const coupon = await checkCoupon(deps.database.db, code, kind ?? 'esim');
    return c.json(quoteId ? await deps.workflows.checkUnlockCoupon(quoteId, coupon) : coupon, 200);
  });

  app.openapi(checkoutRoute, async (c) => {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    c.header('Cache-Control', 'no-store');
    const answer = await deps.workflows.checkoutEsim(
      c.req.valid('json'),
      { userId: user?.id ?? null, returnBaseUrl: returnBaseUrl(c, deps.config) },
      c.get('logger'),
    );
    return c.json(answer, 200);
  });
}
