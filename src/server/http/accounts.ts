import { timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { passwordSchema } from '../../domain/auth.ts';
import { meSchema } from '../../domain/me.ts';
import { emailSchema } from '../../domain/email.ts';
import { AppError } from '../errors.ts';
import { AUTH_BASE_PATH } from '../modules/accounts/auth.ts';
import { grantAdmin, isAdmin, me, sessionUser } from '../modules/accounts/service.ts';
import type { ApiApp, AppDeps, AppEnv } from './context.ts';
import { ACCESS, json, jsonBody, rateLimits } from './route-kit.ts';

const meRoute = createRoute({
  method: 'get',
  path: '/api/me',
  security: ACCESS.anyoneOrSignedIn,
  tags: ['accounts'],
  summary: 'The signed-in user and whether they are an admin',
  responses: { 200: { description: 'Session', ...json(meSchema) } },
});

/**
 * Paths of better-auth that take a password or send mail, the ones worth guessing at: each counted
 * on its own with the sign-in limiter (AUTH_RATE_LIMIT a minute per address). A `/*` ends a family.
 */
const CREDENTIAL_AUTH_PATHS = [
  '/sign-in/*',
  '/sign-up/*',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/verify-password',
  '/change-email',
  '/send-verification-email',
  '/delete-user',
];
/** Every other write of better-auth, today's and any an upgrade adds, shares one general limiter. */
const OTHER_AUTH_LIMITER = 'auth-other';
/** The general limiter allows this many times the sign-in one (sign-out, session refreshes). */
const OTHER_AUTH_FACTOR = 6;

/** The limiter that covers a POST to better-auth's `path` (below /api/auth): its name. */
export function authLimiterFor(path: string): string {
  const family = CREDENTIAL_AUTH_PATHS.find((pattern) =>
    pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern,
  );
  return family ? `auth${family}` : OTHER_AUTH_LIMITER;
}

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

/** better-auth's answer: its own shape, passed through as it is. */
const authAnswer = { description: "better-auth's answer", ...json(z.looseObject({})) };
const authFailure = { description: 'Refused: bad credentials, a weak password, an expired link (better-auth)' };

/** The routes of better-auth the store's pages call, for the document (better-auth validates their bodies). */
const AUTH_OPERATIONS: readonly {
  method: 'get' | 'post';
  path: string;
  summary: string;
  body?: z.ZodType;
  params?: z.ZodObject;
  signedIn?: boolean;
}[] = [
  {
    method: 'post',
    path: '/sign-up/email',
    summary: 'Create an account and sign in',
    body: z.object({ email: emailSchema, password: passwordSchema, name: z.string().max(200) }),
  },
  {
    method: 'post',
    path: '/sign-in/email',
    summary: 'Sign in (sets the session cookie)',
    body: z.object({ email: emailSchema, password: z.string().max(200), rememberMe: z.boolean().optional() }),
  },
  { method: 'post', path: '/sign-out', summary: 'Sign out this device', body: z.object({}), signedIn: true },
  {
    method: 'post',
    path: '/request-password-reset',
    summary: 'Email a password reset link (answered alike whether or not the account exists)',
    body: z.object({ email: emailSchema, redirectTo: z.string().max(2000).optional() }),
  },
  {
    method: 'get',
    path: '/reset-password/{token}',
    summary: "The reset email's link: checks the token, then redirects to the reset page",
    params: z.object({ token: z.string().max(200) }),
  },
  {
    method: 'post',
    path: '/reset-password',
    summary: 'Set a new password with a reset token',
    body: z.object({ token: z.string().max(200), newPassword: passwordSchema }),
  },
  {
    method: 'post',
    path: '/change-password',
    summary: 'Change the password (other devices signed out)',
    body: z.object({
      currentPassword: z.string().max(200),
      newPassword: passwordSchema,
      revokeOtherSessions: z.boolean().optional(),
    }),
    signedIn: true,
  },
  { method: 'post', path: '/revoke-sessions', summary: 'Sign out on every device', body: z.object({}), signedIn: true },
  { method: 'get', path: '/get-session', summary: 'The session, if any', signedIn: false },
];

const internalAnswers = {
  403: { description: 'A missing or wrong internal token' },
};

export function accountRoutes(app: ApiApp, deps: AppDeps) {
  app.openapi(meRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await me(deps.database.db, deps.auth, c.req.raw.headers), 200);
  });

  const limit = rateLimits(deps);
  const limiters = new Map<string, MiddlewareHandler>([
    ...CREDENTIAL_AUTH_PATHS.map((path) => [`auth${path}`, limit(`auth${path}`, deps.config.AUTH_RATE_LIMIT)] as const),
    [OTHER_AUTH_LIMITER, limit(OTHER_AUTH_LIMITER, deps.config.AUTH_RATE_LIMIT * OTHER_AUTH_FACTOR)],
  ]);
  // Every write below /api/auth passes one limiter, so a route a better-auth upgrade adds is never unlimited.
  app.post(`${AUTH_BASE_PATH}/*`, (c, next) => {
    const limiter = limiters.get(authLimiterFor(c.req.path.slice(AUTH_BASE_PATH.length)));
    if (!limiter) throw new Error('every auth limiter is made above');
    return limiter(c, next);
  });
  app.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, (c) => deps.auth.handler(c.req.raw));
  for (const operation of AUTH_OPERATIONS) {
    app.openAPIRegistry.registerPath({
      method: operation.method,
      path: `${AUTH_BASE_PATH}${operation.path}`,
      tags: ['accounts'],
      summary: operation.summary,
      security: operation.signedIn ? ACCESS.signedIn : ACCESS.anyone,
      request: {
        ...(operation.body ? jsonBody(operation.body) : {}),
        ...(operation.params ? { params: operation.params } : {}),
      },
      responses: {
        200: authAnswer,
        ...(operation.method === 'get' && operation.params ? { 302: { description: 'To the reset page' } } : {}),
        400: authFailure,
        401: authFailure,
      },
    });
  }

  // The admin CLI's way in while the embedded store holds the data directory.
  const internalToken = deps.internalToken;
  if (internalToken) {
    app.openAPIRegistry.registerPath({
      method: 'post',
      path: '/api/internal/admin-grant',
      tags: ['platform'],
      summary: 'npm run admin:create: give an account the admin role (creating it with the password if new)',
      security: ACCESS.internal,
      request: jsonBody(adminGrantSchema),
      responses: { 200: { description: 'The account is an admin', ...json(z.looseObject({})) }, ...internalAnswers },
    });
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
    app.openAPIRegistry.registerPath({
      method: 'post',
      path: '/api/internal/backup',
      tags: ['platform'],
      summary: 'npm run db:backup: a consistent snapshot of the embedded database (ADR 084)',
      security: ACCESS.internal,
      responses: {
        200: { description: 'The snapshot', content: { 'application/gzip': { schema: z.string() } } },
        ...internalAnswers,
        404: { description: 'The store runs on PostgreSQL: back it up with pg_dump' },
      },
    });
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
