import { createRoute, z } from '@hono/zod-openapi';
import { adminActionAnswerSchema } from '../../domain/admin.ts';
import {
  importSummary,
  keyImportAnswerSchema,
  LICENSE_IMPORT_MAX_BYTES,
  LICENSE_MESSAGES,
  LICENSE_REVEALS_PER_HOUR,
  licenseCheckoutAnswerSchema,
  licenseCheckoutRequestSchema,
  licenseListQuerySchema,
  licenseMatches,
  licenseStockSchema,
  publicLicenseSchema,
  revealedKeySchema,
  stockAlertRequestSchema,
} from '../../domain/licenses.ts';
import { boundedText, TEXT_MAX } from '../../domain/text.ts';
import { refundRequestAnswerSchema } from '../../domain/device-service-forms.ts';
import { AppError } from '../errors.ts';
import { clientAddress } from './rate-limit.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { requestStockAlert } from '../modules/licenses/service.ts';
import { findOrder } from '../modules/orders/service.ts';
import { sessionUser } from '../modules/accounts/service.ts';
import { ADMIN_ONLY, adminActorOf } from './admin.ts';
import { LICENSE_IMPORT_PATH } from './body-limits.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { orderParams, ownOrder, tokenQuery } from './order-live.ts';
import { returnBaseUrl } from './return-url.ts';
import { ACCESS, HOUR_MS, json, jsonBody, rateLimits } from './route-kit.ts';

const slugParams = z.object({ slug: boundedText(TEXT_MAX.name) });
const keyParams = orderParams.extend({ keyId: z.uuid() });

const listRoute = createRoute({
  method: 'get',
  path: '/api/licenses',
  security: ACCESS.anyone,
  tags: ['licenses'],
  summary: 'The license catalogue with each product’s stock, searched and filtered by category and platform',
  request: { query: licenseListQuerySchema },
  responses: {
    200: { description: 'Products on sale', ...json(z.array(publicLicenseSchema)) },
    400: { description: 'Unknown category or platform' },
  },
});

const productRoute = createRoute({
  method: 'get',
  path: '/api/licenses/{slug}',
  security: ACCESS.anyone,
  tags: ['licenses'],
  summary: 'One license product with its stock, what the buyer receives and its activation steps',
  request: { params: slugParams },
  responses: {
    200: { description: 'The product', ...json(publicLicenseSchema) },
    404: { description: 'No such product' },
  },
});

const notifyRoute = createRoute({
  method: 'post',
  path: '/api/licenses/{slug}/notify',
  security: ACCESS.anyone,
  tags: ['licenses'],
  summary: 'Email me once when this license is back in stock',
  request: { params: slugParams, ...jsonBody(stockAlertRequestSchema) },
  responses: {
    200: { description: 'Noted', ...json(adminActionAnswerSchema) },
    400: { description: 'Not a valid email' },
    404: { description: 'No such product' },
    429: { description: 'Too many requests from this address' },
  },
});

const checkoutRoute = createRoute({
  method: 'post',
  path: '/api/licenses/checkout',
  security: ACCESS.anyoneOrSignedIn,
  tags: ['licenses', 'orders'],
  summary: 'Start paying for licenses: priced from the catalogue, refused above the stock now',
  request: jsonBody(licenseCheckoutRequestSchema),
  responses: {
    200: { description: 'The payment page and the order', ...json(licenseCheckoutAnswerSchema) },
    400: { description: 'Invalid email, cart or coupon' },
    404: { description: 'No such product, or an invalid coupon code' },
    409: { description: 'OUT_OF_STOCK: fewer keys than asked (`error.details.available`)' },
    429: { description: 'Too many checkouts from this address' },
    503: { description: 'The payment provider could not open a session' },
  },
});

const revealRoute = createRoute({
  method: 'post',
  path: '/api/orders/{id}/license-keys/{keyId}/reveal',
  security: ACCESS.orderHolder,
  tags: ['licenses', 'orders'],
  summary:
    'Show a license key to its order’s owner or token holder: the first reveal is recorded and ends the refundability',
  request: { params: keyParams, query: tokenQuery },
  responses: {
    200: { description: 'The key', ...json(revealedKeySchema) },
    404: { description: 'No such order or key, or not yours (indistinguishable)' },
    409: { description: 'Not delivered, or refunded: the key cannot be shown' },
    429: { description: `More than ${LICENSE_REVEALS_PER_HOUR} reveals in an hour from this address` },
  },
});

const customerRefundRoute = createRoute({
  method: 'post',
  path: '/api/orders/{id}/refund',
  security: ACCESS.orderHolder,
  tags: ['licenses', 'orders'],
  summary:
    'The customer’s own refund of an order whose kind refunds while its rule allows (a license order before any key is revealed)',
  request: { params: orderParams, query: tokenQuery },
  responses: {
    200: {
      description:
        'refunding (in full, now), refunded (already), not_refundable (the rule refuses: a key was revealed), nothing_to_refund (unpaid)',
      ...json(refundRequestAnswerSchema),
    },
    404: { description: 'No such order, or not yours (indistinguishable)' },
    409: { description: 'An order of a kind that is not refunded on request' },
    429: { description: 'Too many requests from this address' },
  },
});

const stockRoute = createRoute({
  method: 'get',
  path: '/api/admin/licenses',
  tags: ['admin'],
  summary: 'License stock per product: keys available, sold, revealed and refunded (admin only)',
  responses: {
    200: {
      description: 'Stock',
      ...json(licenseStockSchema),
    },
    ...ADMIN_ONLY,
  },
});

const importRoute = createRoute({
  method: 'post',
  path: LICENSE_IMPORT_PATH,
  tags: ['admin'],
  summary:
    'Import license keys from CSV ("product,key"): encrypted, duplicates refused, with a report; a malformed file changes nothing (admin only; audited)',
  request: jsonBody(z.object({ csv: boundedText(LICENSE_IMPORT_MAX_BYTES + 1) })),
  responses: {
    200: {
      description: 'What was imported and what was refused, and why',
      ...json(keyImportAnswerSchema),
    },
    400: { description: 'The file cannot be read (header, fields, size): nothing was imported' },
    ...ADMIN_ONLY,
  },
});

const adminKeyRoute = createRoute({
  method: 'post',
  path: '/api/admin/orders/{id}/license-keys/{keyId}/show',
  tags: ['admin'],
  summary: 'Show an admin a license key of an order, without revealing it to the customer (admin only; audited)',
  request: { params: keyParams },
  responses: {
    200: { description: 'The key', ...json(z.object({ key: z.string() })) },
    ...ADMIN_ONLY,
    404: { description: 'No such order or key' },
  },
});

/** Digital licenses (ADR 079): the shop, its checkout, the reveal, and the admin's stock. */
export function licenseRoutes(app: ApiApp, deps: AppDeps) {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    c.header('Cache-Control', 'no-cache');
    return c.json(
      (await deps.licenses.catalogue()).filter((product) => licenseMatches(product, query)),
      200,
    );
  });

  app.openapi(productRoute, async (c) => {
    const product = await deps.licenses.product(c.req.valid('param').slug);
    if (!product) throw new AppError('NOT_FOUND', 'No such license.');
    c.header('Cache-Control', 'no-cache');
    return c.json(product, 200);
  });

  app.use('/api/licenses/:slug/notify', rateLimits(deps)('license-alerts', deps.config.NEWSLETTER_RATE_LIMIT));
  app.openapi(notifyRoute, async (c) => {
    const product = await deps.licenses.product(c.req.valid('param').slug);
    if (!product) throw new AppError('NOT_FOUND', 'No such license.');
    await requestStockAlert(deps.database.db, product.slug, c.req.valid('json').email);
    return c.json({ message: LICENSE_MESSAGES.notifyMe }, 200);
  });

  app.on('POST', '/api/licenses/checkout', rateLimits(deps)('license-checkout', deps.config.CHECKOUT_RATE_LIMIT));
  app.openapi(checkoutRoute, async (c) => {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    c.header('Cache-Control', 'no-store');
    const answer = await deps.workflows.checkoutLicenses(
      c.req.valid('json'),
      { userId: user?.id ?? null, returnBaseUrl: returnBaseUrl(c, deps.config) },
      c.get('logger'),
    );
    return c.json(answer, 200);
  });

  app.use(
    '/api/orders/:id/license-keys/*',
    rateLimits(deps)('license-reveals', LICENSE_REVEALS_PER_HOUR, { windowMs: HOUR_MS }),
  );
  app.openapi(revealRoute, async (c) => {
    const { id, keyId } = c.req.valid('param');
    const order = await ownOrder(deps, c, id, c.req.valid('query').token);
    const key = await deps.licenses.reveal(order.id, keyId, clientAddress(c, deps.config.TRUST_PROXY));
    if (!key) throw new AppError('ORDER_TRANSITION_FORBIDDEN', LICENSE_MESSAGES.notRevealable);
    return c.json(key, 200);
  });

  app.use('/api/orders/:id/refund', rateLimits(deps)('customer-refunds', 20, { windowMs: HOUR_MS }));
  app.openapi(customerRefundRoute, async (c) => {
    const order = await ownOrder(deps, c, c.req.valid('param').id, c.req.valid('query').token);
    c.header('Cache-Control', 'no-store');
    return c.json(await deps.workflows.requestCustomerRefund(order), 200);
  });

  app.openapi(stockRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await deps.licenses.stock(), 200);
  });

  app.openapi(importRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const report = await deps.workflows.importLicenseKeys(c.req.valid('json').csv, (tx, result) =>
      recordAudit(tx, actor, {
        action: 'licenses.import',
        recordType: 'license_keys',
        recordId: Object.keys(result.by_product).join(',').slice(0, 200) || 'none',
        after: { imported: result.imported, byProduct: result.by_product, refused: result.refused.length },
      }),
    );
    return c.json({ ...report, message: importSummary(report) }, 200);
  });

  app.openapi(adminKeyRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const { id, keyId } = c.req.valid('param');
    c.header('Cache-Control', 'private, no-store');
    const order = await findOrder(deps.database.db, id.toLowerCase());
    const key = order
      ? await deps.licenses.peekAudited(order.id, keyId, (tx) =>
          recordAudit(tx, actor, {
            action: 'licenses.show',
            recordType: 'order',
            recordId: order.id,
            after: { keyId },
          }),
        )
      : null;
    if (!key) throw new AppError('NOT_FOUND', 'No such key.');
    return c.json({ key }, 200);
  });
}
