import { timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { meSchema, passwordSchema } from '../../domain/auth.ts';
import { emailSchema } from '../../domain/email.ts';
import { AppError } from '../errors.ts';
import { AUTH_BASE_PATH } from '../modules/accounts/auth.ts';
import { grantAdmin, isAdmin, me, sessionUser } from '../modules/accounts/service.ts';
import type { ApiApp, AppDeps, AppEnv } from './context.ts';
import { json, rateLimits } from './route-kit.ts';

const meRoute = createRoute({
  method: 'get',
  path: '/api/me',
  tags: ['accounts'],
  summary: 'The signed-in user and whether they are an admin',
  responses: { 200: { description: 'Session', ...json(meSchema) } },
});

/** Paths of better-auth that take a password or send mail: the ones worth guessing at. */
const LIMITED_AUTH_PATHS = [
  '/sign-in/*',
  '/sign-up/*',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
];

/** 401 when signed out, 403 when signed in without the admin role. */
/** What an admin page answers the request with: 401 signed out, 403 not an admin, 200 for an admin. */
export async function adminPageStatus(deps: AppDeps, request: Request): Promise<200 | 401 | 403> {
  const user = await sessionUser(deps.auth, request.headers);
  if (!user) return 401;
  return (await isAdmin(deps.database.db, user.id)) ? 200 : 403;
}

export function requireAdmin(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!(await isAdmin(deps.database.db, user.id))) throw new AppError('FORBIDDEN');
    c.set('adminUser', user);
    await next();
  };
}

const adminGrantSchema = z.object({ email: emailSchema, password: passwordSchema.optional() });

export function accountRoutes(app: ApiApp, deps: AppDeps) {
  app.openapi(meRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await me(deps.database.db, deps.auth, c.req.raw.headers), 200);
  });

  const limit = rateLimits(deps);
  for (const path of LIMITED_AUTH_PATHS) {
    app.post(`${AUTH_BASE_PATH}${path}`, limit(`auth${path}`, deps.config.AUTH_RATE_LIMIT));
  }
  app.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, (c) => deps.auth.handler(c.req.raw));

  // The admin CLI's way in while the embedded store holds the data directory.
  const internalToken = deps.internalToken;
  if (internalToken) {
    app.post('/api/internal/admin-grant', async (c) => {
      const given = Buffer.from(c.req.header('x-internal-token') ?? '');
      const expected = Buffer.from(internalToken);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('FORBIDDEN');
      const body: unknown = await c.req.json().catch(() => {
        throw new AppError('MALFORMED_JSON');
      });
      const parsed = adminGrantSchema.parse(body);
      return c.json(await grantAdmin(deps.database.db, deps.auth, { ...parsed, publicUrl: deps.publicUrl }));
    });
    // `npm run db:backup` while the store runs: the embedded database's snapshot (ADR 084).
    app.post('/api/internal/backup', async (c) => {
      const given = Buffer.from(c.req.header('x-internal-token') ?? '');
      const expected = Buffer.from(internalToken);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('FORBIDDEN');
      if (!deps.database.dump) throw new AppError('NOT_FOUND', 'Only the embedded database is backed up this way.');
      const snapshot = await deps.database.dump();
      return c.body(await snapshot.arrayBuffer(), 200, {
        'Content-Type': 'application/gzip',
        'Cache-Control': 'no-store',
      });
    });
  }
}
