import { createRoute, type z } from '@hono/zod-openapi';
import { catalogSyncAnswerSchema, catalogSyncSchema } from '../../domain/catalog-sync.ts';
import { quoteAnswerSchema, quoteRequestSchema, UNSUPPORTED_TEXT } from '../../domain/quote.ts';
import {
  SERVICE_REQUEST_RECEIVED,
  serviceRequestAnswerSchema,
  serviceRequestSchema,
} from '../../domain/service-request.ts';
import { shortId } from '../../domain/short-id.ts';
import { STORE } from '../../domain/store-config.ts';
import { isAdmin, sessionUser } from '../modules/accounts/service.ts';
import { recordServiceRequest } from '../modules/quotes/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { limitRequests } from './rate-limit.ts';

const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

const quoteRoute = createRoute({
  method: 'post',
  path: '/api/quotes',
  tags: ['unlocks'],
  summary: 'Price and delivery estimate for unlocking a device; stored for 30 minutes',
  request: { body: { ...json(quoteRequestSchema), required: true } },
  responses: {
    200: {
      description: 'A quote (supported or not); admin-only routing fields for admins',
      ...json(quoteAnswerSchema),
    },
    400: { description: 'Invalid IMEI or unknown country' },
    429: { description: 'Too many quotes from this address' },
  },
});

const serviceRequestRoute = createRoute({
  method: 'post',
  path: '/api/service-requests',
  tags: ['unlocks'],
  summary: 'Ask the team to source an unlock we cannot quote yet',
  request: { body: { ...json(serviceRequestSchema), required: true } },
  responses: {
    201: { description: 'Stored; a confirmation email is on its way', ...json(serviceRequestAnswerSchema) },
  },
});

const syncRoute = createRoute({
  method: 'post',
  path: '/api/admin/catalog/sync',
  tags: ['admin'],
  summary: "Import the supplier's unlock services (admin only)",
  request: { body: { ...json(catalogSyncSchema), required: true } },
  responses: { 200: { description: 'How many services were new', ...json(catalogSyncAnswerSchema) } },
});

const MINUTE = 60_000;

export function quoteRoutes(app: ApiApp, deps: AppDeps) {
  const limit = (name: string, perMinute: number) =>
    limitRequests({
      name,
      limit: perMinute,
      windowMs: MINUTE,
      trustProxy: deps.config.TRUST_PROXY,
      store: deps.rateLimitStore?.(name),
    });
  app.use('/api/quotes', limit('quotes', deps.config.QUOTE_RATE_LIMIT));
  app.use('/api/service-requests', limit('service-requests', 10));

  app.openapi(quoteRoute, async (c) => {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    const admin = user ? await isAdmin(deps.database.db, user.id) : false;
    c.header('Cache-Control', 'private, no-store');
    return c.json(await deps.quotes.quote(c.req.valid('json'), { admin }), 200);
  });

  app.openapi(serviceRequestRoute, async (c) => {
    const input = c.req.valid('json');
    const id = await recordServiceRequest(deps.database.db, input);
    await deps.mailer.send({
      to: input.email,
      subject: `We received your unlock request (${shortId(id)})`,
      text: [
        `Thank you for asking ${STORE.name} to unlock your ${[input.brand, input.model].filter(Boolean).join(' ')} on ${input.carrier} (${input.country}).`,
        `We do not offer this unlock yet. ${UNSUPPORTED_TEXT}.`,
        `Your reference: ${shortId(id)}`,
      ].join('\n\n'),
    });
    return c.json({ id, message: SERVICE_REQUEST_RECEIVED }, 201);
  });

  app.openapi(syncRoute, async (c) => {
    return c.json(await deps.quotes.syncCatalog(c.req.valid('json').limit), 200);
  });
}
