import { createRoute, z } from '@hono/zod-openapi';
import { adminActionAnswerSchema } from '../../domain/admin.ts';
import {
  pricingOverviewSchema,
  priceUpdateSchema,
  pricingRuleSchema,
  rulePreviewSchema,
  skuUpdateSchema,
} from '../../domain/admin-pricing.ts';
import { boundedText, TEXT_MAX } from '../../domain/text.ts';
import { PRICED_PRODUCT_KINDS } from '../../domain/product-prices.ts';
import { createPricing, type ProductPricing } from '../modules/quotes/pricing.ts';
import { ADMIN_ONLY, adminActorOf } from './admin.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { json, jsonBody } from './route-kit.ts';

const overviewRoute = createRoute({
  method: 'get',
  path: '/api/admin/pricing',
  tags: ['admin'],
  summary:
    "The pricing rule, every unlock SKU with its margin and warnings, and the supplier's linked services priced by the rule (admin only)",
  responses: { 200: { description: 'Pricing', ...json(pricingOverviewSchema) }, ...ADMIN_ONLY },
});

const skuRoute = createRoute({
  method: 'put',
  path: '/api/admin/pricing/skus/{skuId}',
  tags: ['admin'],
  summary:
    'Change a SKU: price, delivery window, clean-device requirement, default tool, on or off (admin only; audited; every instance at once)',
  request: {
    params: z.object({ skuId: z.coerce.number().int().min(1).max(2_147_483_647) }),
    ...jsonBody(skuUpdateSchema),
  },
  responses: {
    200: { description: 'Saved', ...json(adminActionAnswerSchema) },
    400: { description: 'Invalid SKU, or an unknown tool' },
    ...ADMIN_ONLY,
    404: { description: 'No such SKU' },
  },
});

const esimRoute = createRoute({
  method: 'put',
  path: '/api/admin/pricing/esim/{packageId}',
  tags: ['admin'],
  summary:
    "Set an eSIM package's price, kept through the provider's syncs (admin only; audited; every instance at once)",
  request: { params: z.object({ packageId: boundedText(TEXT_MAX.name) }), ...jsonBody(priceUpdateSchema) },
  responses: {
    200: { description: 'Saved', ...json(adminActionAnswerSchema) },
    400: { description: 'Invalid price' },
    ...ADMIN_ONLY,
    404: { description: 'No such package on sale' },
  },
});

const productRoute = createRoute({
  method: 'put',
  path: '/api/admin/pricing/products/{kind}/{productId}',
  tags: ['admin'],
  summary: "Set a device check's or device service's price (admin only; audited; every instance at once)",
  request: {
    params: z.object({ kind: z.enum(PRICED_PRODUCT_KINDS), productId: boundedText(TEXT_MAX.name) }),
    ...jsonBody(priceUpdateSchema),
  },
  responses: {
    200: { description: 'Saved', ...json(adminActionAnswerSchema) },
    400: { description: 'Invalid price or kind' },
    ...ADMIN_ONLY,
    404: { description: 'No such product' },
  },
});

const ruleRoute = createRoute({
  method: 'put',
  path: '/api/admin/pricing/rule',
  tags: ['admin'],
  summary: 'Change the pricing rule of quotes without a SKU (admin only; audited; every instance at once)',
  request: jsonBody(pricingRuleSchema),
  responses: {
    200: { description: 'Saved', ...json(adminActionAnswerSchema) },
    400: { description: 'Invalid rule' },
    ...ADMIN_ONLY,
  },
});

const previewRoute = createRoute({
  method: 'post',
  path: '/api/admin/pricing/rule/preview',
  tags: ['admin'],
  summary:
    'A proposed rule tried on the latest quotes the rule priced, beside the rule as it is; changes nothing (admin only)',
  request: jsonBody(pricingRuleSchema),
  responses: {
    200: { description: 'The preview', ...json(rulePreviewSchema) },
    400: { description: 'Invalid rule' },
    ...ADMIN_ONLY,
  },
});

/** /admin/pricing (ADR 077). */
export function adminPricingRoutes(app: ApiApp, deps: AppDeps) {
  const db = deps.database.db;
  const products: ProductPricing = {
    prices: deps.prices,
    cost: async (kind, productId) => (await deps.kinds[kind].productCost?.(productId)) ?? null,
  };
  const pricing = createPricing(db, deps.catalog, deps.esim, products, () => deps.quotes.invalidate());

  app.openapi(overviewRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await pricing.overview(), 200);
  });

  app.openapi(skuRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    return c.json(await pricing.updateSku(c.req.valid('param').skuId, c.req.valid('json'), actor), 200);
  });

  app.openapi(esimRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    return c.json(await pricing.updateEsimPrice(c.req.valid('param').packageId, c.req.valid('json'), actor), 200);
  });

  app.openapi(productRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const { kind, productId } = c.req.valid('param');
    return c.json(await pricing.updateProductPrice(kind, productId, c.req.valid('json'), actor), 200);
  });

  app.openapi(ruleRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    return c.json(await pricing.updateRule(c.req.valid('json'), actor), 200);
  });

  app.openapi(previewRoute, async (c) => c.json(await pricing.previewRule(c.req.valid('json')), 200));
}
