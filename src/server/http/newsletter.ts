import { createRoute } from '@hono/zod-openapi';
import {
  NEWSLETTER_UNSUBSCRIBE_API,
  newsletterAnswerSchema,
  newsletterRequestSchema,
  unsubscribeAnswerSchema,
  unsubscribeRequestSchema,
} from '../../domain/newsletter.ts';
import { subscribe, unsubscribe } from '../modules/newsletter/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, json, jsonBody, rateLimits } from './route-kit.ts';

const subscribeRoute = createRoute({
  method: 'post',
  path: '/api/newsletter/subscribe',
  security: ACCESS.anyone,
  tags: ['newsletter'],
  summary: 'Subscribe an email to the newsletter; a new or returning subscriber gets a welcome email',
  request: jsonBody(newsletterRequestSchema),
  responses: {
    200: {
      description: '{message}, {already_subscribed: true, message} or {resubscribed: true, message}',
      ...json(newsletterAnswerSchema),
    },
    400: { description: "'Please enter a valid email address'" },
    429: { description: 'More than NEWSLETTER_RATE_LIMIT a minute from this client' },
  },
});

/** The token from the link's query (RFC 8058 one-click POST, form-encoded body) or from a JSON body (the page). */
async function tokenOf(request: Request, query: string | undefined): Promise<unknown> {
  if (query !== undefined) return query;
  const body: unknown = await request.json().catch(() => null);
  return body && typeof body === 'object' && 'token' in body ? body.token : undefined;
}

export function newsletterRoutes(app: ApiApp, deps: AppDeps) {
  const limit = rateLimits(deps);
  app.use('/api/newsletter/subscribe', limit('newsletter', deps.config.NEWSLETTER_RATE_LIMIT));
  app.use(NEWSLETTER_UNSUBSCRIBE_API, limit('newsletter-unsubscribe', 30));

  app.openapi(subscribeRoute, async (c) => {
    const { email } = c.req.valid('json');
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      await subscribe({ db: deps.database.db, mailer: deps.mailer, publicUrl: deps.publicUrl }, email),
      200,
    );
  });

  app.openAPIRegistry.registerPath({
    method: 'post',
    path: NEWSLETTER_UNSUBSCRIBE_API,
    security: ACCESS.anyone,
    tags: ['newsletter'],
    summary:
      'Unsubscribe with the token of a welcome email: JSON {token} from the unsubscribe page, or ?token= with the RFC 8058 one-click form body',
    request: { body: { ...json(unsubscribeRequestSchema), required: false } },
    responses: {
      200: { description: '{message} or {already_unsubscribed: true, message}', ...json(unsubscribeAnswerSchema) },
      400: { description: 'No token, or not one the store hands out' },
      404: { description: 'No subscription has this token' },
    },
  });
  app.post(NEWSLETTER_UNSUBSCRIBE_API, async (c) => {
    const { token } = unsubscribeRequestSchema.parse({ token: await tokenOf(c.req.raw, c.req.query('token')) });
    c.header('Cache-Control', 'private, no-store');
    return c.json(await unsubscribe(deps.database.db, token), 200);
  });
}
