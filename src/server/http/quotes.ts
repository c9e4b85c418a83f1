import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { catalogSyncAnswerSchema, catalogSyncSchema } from '../../domain/catalog-sync.ts';
import { quoteAnswerSchema, quoteRequestSchema } from '../../domain/quote.ts';
import {
  SERVICE_REQUEST_RECEIVED,
  SERVICE_REQUESTS_PER_RECIPIENT_PER_HOUR,
  serviceRequestAnswerSchema,
  serviceRequestSchema,
} from '../../domain/service-request.ts';
import { isAdmin, sessionUser } from '../modules/accounts/service.ts';
import { requestService } from '../modules/service-requests/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { adminActorOf } from './admin.ts';
import { ACCESS, HOUR_MS, json, jsonBody, rateLimits } from './route-kit.ts';

const quoteRoute = createRoute({
  method: 'post',
  path: '/api/quotes',
  security: ACCESS.anyoneOrSignedIn,
  tags: ['unlocks'],
  summary: 'Price and delivery estimate for unlocking a device; stored for 30 minutes',
  request: jsonBody(quoteRequestSchema),
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
  security: ACCESS.anyone,
  tags: ['unlocks'],
  summary: 'Ask the team to source an unlock we cannot quote yet',
  request: jsonBody(serviceRequestSchema),
  responses: {
    201: { description: 'Stored; a confirmation email is on its way', ...json(serviceRequestAnswerSchema) },
    429: {
      description: `Too many requests from this address, or over ${SERVICE_REQUESTS_PER_RECIPIENT_PER_HOUR} an hour to this email`,
    },
  },
});

const syncRoute = createRoute({
  method: 'post',
  path: '/api/admin/catalog/sync',
  tags: ['admin'],
  summary: "Import the supplier's unlock services (admin only)",
  request: jsonBody(catalogSyncSchema),
  responses: { 200: { description: 'How many services were new', ...json(catalogSyncAnswerSchema) } },
});

/** The confirmation's address as the schema reads it; null (uncounted) when there is none to send to. */
async function recipientOf(c: Context): Promise<string | null> {
  const body: unknown = await c.req.json().catch(() => null);
  const email = body && typeof body === 'object' && 'email' in body ? body.email : undefined;
  const parsed = serviceRequestSchema.shape.email.safeParse(email);
  return parsed.success ? parsed.data : null;
}

export function quoteRoutes(app: ApiApp, deps: AppDeps) {
  const limit = rateLimits(deps);
  app.use('/api/quotes', limit('quotes', deps.config.QUOTE_RATE_LIMIT));
  app.use('/api/service-requests', limit('service-requests', 10));
  // The recipient is not proven: whoever asks, one address gets only a few confirmations an hour.
  app.use(
    '/api/service-requests',
    limit('service-request-recipients', SERVICE_REQUESTS_PER_RECIPIENT_PER_HOUR, {
      windowMs: HOUR_MS,
      key: recipientOf,
      countFailed: false,
    }),
  );

  app.openapi(quoteRoute, async (c) => {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    const admin = user ? await isAdmin(deps.database.db, user.id) : false;
    c.header('Cache-Control', 'private, no-store');
    return c.json(await deps.quotes.quote(c.req.valid('json'), { admin }), 200);
  });

  app.openapi(serviceRequestRoute, async (c) => {
    const id = await requestService(
      { db: deps.database.db, catalog: deps.catalog, mailer: deps.mailer },
      c.req.valid('json'),
    );
    return c.json({ id, message: SERVICE_REQUEST_RECEIVED }, 201);
  });

  app.openapi(syncRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const { limit } = c.req.valid('json');
    const answer = await deps.quotes.syncCatalog(limit, (tx, result) =>
      recordAudit(tx, actor, {
        action: 'catalog.sync',
        recordType: 'catalog',
        recordId: 'supplier',
        after: { limit, ...result },
      }),
    );
    return c.json(answer, 200);
  });
}
