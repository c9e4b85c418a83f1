import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  brandAliasRowSchema,
  brandRowSchema,
  carrierAliasRowSchema,
  carrierRowSchema,
  countryAliasRowSchema,
  countryRowSchema,
  iphoneModelRowSchema,
  regionCountryRowSchema,
  samsungModelRowSchema,
} from '../../domain/reference-data.ts';
import { TEXT_MAX, boundedText } from '../../domain/text.ts';
import { UNLOCK_FORM_MESSAGES } from '../../domain/unlock-form.ts';
import { AppError } from '../errors.ts';
import type { CachedJson, CatalogList } from '../modules/catalog/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, json, jsonBody } from './route-kit.ts';

// Browsers and proxies may reuse a list for five minutes, then revalidate cheaply by ETag.
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

export function sendCached(c: Context, cached: CachedJson): Response {
  const headers = { ETag: cached.etag, 'Cache-Control': CACHE_CONTROL, Vary: 'Accept-Encoding' };
  const match = c.req.header('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim() === cached.etag)) return c.body(null, 304, headers);
  return c.body(cached.body, 200, { ...headers, 'Content-Type': 'application/json' });
}

const LISTS: readonly { name: CatalogList; row: z.ZodType; summary: string }[] = [
  { name: 'countries', row: countryRowSchema, summary: 'Active countries, by name' },
  { name: 'country-aliases', row: countryAliasRowSchema, summary: 'Other names of countries' },
  { name: 'carriers', row: carrierRowSchema, summary: 'Active carriers, by name (at most 500)' },
  { name: 'carrier-aliases', row: carrierAliasRowSchema, summary: 'Other names of carriers (at most 500)' },
  { name: 'brands', row: brandRowSchema, summary: 'Active brands, by name' },
  { name: 'brand-aliases', row: brandAliasRowSchema, summary: 'Other names of brands' },
  { name: 'iphone-models', row: iphoneModelRowSchema, summary: 'iPhone models, newest series first' },
  { name: 'samsung-models', row: samsungModelRowSchema, summary: 'Samsung models in the store order' },
];

const cachedResponses = (row: z.ZodType, description: string) => ({
  200: { description, ...json(z.array(row)) },
  304: { description: 'Not modified since the ETag in If-None-Match' },
});

const normalizedSchema = z.object({ value: z.string().nullable() }).openapi('Normalized');
const normalizeResponses = {
  200: { description: 'The canonical value, or null', ...json(normalizedSchema) },
};
const input = boundedText(TEXT_MAX.name).trim();
const regionQuery = z.object({ region: input.optional() });
const brandQuery = z.object({ brand: input.optional() });

const normalizeCarrierRoute = createRoute({
  method: 'post',
  path: '/api/catalog/normalize/carrier',
  security: ACCESS.anyone,
  tags: ['catalog'],
  summary: 'Canonical carrier slug for what a shopper typed',
  request: jsonBody(z.object({ input_carrier: input, input_country: input.nullish() }).openapi('NormalizeCarrier')),
  responses: normalizeResponses,
});

const normalizeCountryRoute = createRoute({
  method: 'post',
  path: '/api/catalog/normalize/country',
  security: ACCESS.anyone,
  tags: ['catalog'],
  summary: 'Canonical country code for what a shopper typed',
  request: jsonBody(z.object({ input_country: input }).openapi('NormalizeCountry')),
  responses: normalizeResponses,
});

const normalizeBrandRoute = createRoute({
  method: 'post',
  path: '/api/catalog/normalize/brand',
  security: ACCESS.anyone,
  tags: ['catalog'],
  summary: 'Canonical brand slug for what a shopper typed',
  request: jsonBody(z.object({ input_brand: input }).openapi('NormalizeBrand')),
  responses: normalizeResponses,
});

export function catalogRoutes(app: ApiApp, { catalog }: AppDeps) {
  for (const list of LISTS) {
    const path = `/api/catalog/${list.name}`;
    app.openAPIRegistry.registerPath({
      method: 'get',
      path,
      tags: ['catalog'],
      summary: list.summary,
      security: ACCESS.anyone,
      responses: cachedResponses(list.row, list.summary),
    });
    app.get(path, async (c) => sendCached(c, await catalog.list(list.name)));
  }

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/catalog/region-countries',
    security: ACCESS.anyone,
    tags: ['catalog'],
    summary: 'Countries of a region (all regions without the filter)',
    request: { query: regionQuery },
    responses: cachedResponses(regionCountryRowSchema, 'Region to country rows'),
  });
  app.get('/api/catalog/region-countries', async (c) => {
    const { region } = regionQuery.parse(c.req.query());
    return sendCached(c, await catalog.regionCountries(region || undefined));
  });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/catalog/models',
    security: ACCESS.anyone,
    tags: ['catalog'],
    summary: "A brand's models: iPhone or Samsung lists, or the built-in list of other brands",
    request: { query: brandQuery },
    responses: {
      ...cachedResponses(z.object({ model_name: z.string() }).loose(), 'Models of the brand'),
      404: { description: 'Unknown brand' },
    },
  });
  app.get('/api/catalog/models', async (c) => {
    const { brand } = brandQuery.parse(c.req.query());
    if (!brand) {
      throw new AppError('VALIDATION_FAILED', UNLOCK_FORM_MESSAGES.brand, { brand: [UNLOCK_FORM_MESSAGES.brand] });
    }
    const models = await catalog.models(brand);
    if (!models) throw new AppError('NOT_FOUND', `Unknown brand: ${brand}`);
    return sendCached(c, models);
  });

  app.openapi(normalizeCarrierRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json({ value: await catalog.normalizeCarrier(body.input_carrier, body.input_country) }, 200);
  });
  app.openapi(normalizeCountryRoute, async (c) => {
    return c.json({ value: await catalog.normalizeCountry(c.req.valid('json').input_country) }, 200);
  });
  app.openapi(normalizeBrandRoute, async (c) => {
    return c.json({ value: await catalog.normalizeBrand(c.req.valid('json').input_brand) }, 200);
  });
}
