import { OpenAPIHono } from '@hono/zod-openapi';
import { routePath } from 'hono/route';
import { requestId } from 'hono/request-id';
import { AppError, handleError, validationError } from './errors.ts';
import { accountRoutes, adminPageStatus, requireAdmin } from './http/accounts.ts';
import { isAdminPath } from '../domain/site-map.ts';
import { adminRoutes } from './http/admin.ts';
import { adminAliasRoutes } from './http/admin-aliases.ts';
import { adminUserRoutes } from './http/admin-users.ts';
import { adminLinkerRoutes } from './http/admin-linker.ts';
import { adminPricingRoutes } from './http/admin-pricing.ts';
import { adminInboxRoutes } from './http/admin-inbox.ts';
import { BUG_REPORTS_PATH, bugReportRoutes } from './http/bug-reports.ts';
import { bodyLimits } from './http/body-limits.ts';
import { catalogRoutes } from './http/catalog.ts';
import { compressLargeAnswers } from './http/compression.ts';
import type { ClientFiles } from './http/client-files.ts';
import type { ApiApp, AppDeps, AppEnv } from './http/context.ts';
import { docsRoutes } from './http/docs.ts';
import { esimRoutes } from './http/esim.ts';
import { healthRoutes } from './http/health.ts';
import { newsletterRoutes } from './http/newsletter.ts';
import { refuseBadText, refuseCrossSiteWrites } from './http/input-guard.ts';
import { httpDuration, httpRequests } from './metrics.ts';
import { orderRoutes } from './http/orders.ts';
import { orderLiveRoutes } from './http/order-live.ts';
import { unlockOrderRoutes } from './http/unlock-orders.ts';
import { checkRoutes } from './http/checks.ts';
import { licenseRoutes } from './http/licenses.ts';
import { deviceServiceRoutes } from './http/device-services.ts';
import { trackOrderRoutes } from './http/track-order.ts';
import { guestUpgradeRoutes } from './http/guest-upgrade.ts';
import { paymentRoutes } from './http/payments.ts';
import { quoteRoutes } from './http/quotes.ts';
import { contentSecurityPolicy, securityHeaders } from './http/security-headers.ts';
import { crawlerRoutes } from './http/crawlers.ts';
import { supportRoutes } from './http/support.ts';
import { supportConversationRoutes } from './http/support-conversations.ts';
import { loggablePath, withRequestLogger } from './logger.ts';
import { AUTH_BASE_PATH } from './modules/accounts/auth.ts';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createApp(deps: AppDeps, client?: ClientFiles): ApiApp {
  const app: ApiApp = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  // API answers and files run no inline script; each built page carries its own hashes.
  const csp = contentSecurityPolicy([]);

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    const logger = deps.logger.child({ reqId: c.get('requestId') });
    c.set('logger', logger);
    // Everything the request calls logs through this child, so every line carries the request id.
    await withRequestLogger(logger, next);
    if (c.req.path.startsWith('/api/')) {
      // A route answering with its own Response (better-auth's) loses the header requestId() set.
      if (!c.res.headers.has('X-Request-Id')) c.res.headers.set('X-Request-Id', c.get('requestId'));
    } else {
      // Pages and files keep the id in the log only: 50 bytes of a prerendered page's first round trip (ADR 019).
      c.res.headers.delete('X-Request-Id');
    }
    // Shutting down: the client opens its next request on a fresh connection (another instance).
    if (deps.draining.aborted) c.res.headers.set('Connection', 'close');
    const ms = performance.now() - started;
    logger.info(
      { method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms: Math.round(ms) },
      'request',
    );
    // By route pattern, never by path: ids and tokens would make a series each.
    // After next(), the current route is the one that answered.
    const route = c.req.path.startsWith('/api/') ? routePath(c) : '(pages and files)';
    const method = KNOWN_METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    httpRequests.inc({ method, route, status: String(c.res.status) });
    httpDuration.observe({ method, route }, ms / 1000);
  });
  app.use(securityHeaders({ csp, trustProxy: deps.config.TRUST_PROXY }));
  app.use(...compressLargeAnswers());
  // Bug reports (screenshots, ADR 049) and key imports have their own, larger limits (issue 45 §7).
  app.use('/api/*', bodyLimits(deps.config.BODY_LIMIT_BYTES));

  // NUL in a path, query or body never reaches a route (better-auth's included); see ADR 023.
  app.use(
    '/api/*',
    refuseBadText({
      boundedPrefixes: [`${AUTH_BASE_PATH}/`],
      signedBodyPrefixes: ['/api/payments/webhook/'],
      fileFormPaths: [BUG_REPORTS_PATH],
    }),
  );

  // A write from another site changes nothing, whatever its content type.
  app.use(
    '/api/*',
    refuseCrossSiteWrites({
      publicUrl: deps.config.PUBLIC_URL,
      trustProxy: deps.config.TRUST_PROXY,
      exemptPrefixes: [`${AUTH_BASE_PATH}/`, '/api/payments/webhook/'],
    }),
  );

  // Before every route, so no admin handler can be reached without the role.
  app.use('/api/admin/*', requireAdmin(deps));

  healthRoutes(app, deps);
  accountRoutes(app, deps);
  catalogRoutes(app, deps);
  quoteRoutes(app, deps);
  esimRoutes(app, deps);
  paymentRoutes(app, deps);
  orderRoutes(app, deps);
  orderLiveRoutes(app, deps);
  unlockOrderRoutes(app, deps);
  checkRoutes(app, deps);
  deviceServiceRoutes(app, deps);
  licenseRoutes(app, deps);
  trackOrderRoutes(app, deps);
  guestUpgradeRoutes(app, deps);
  adminRoutes(app, deps);
  adminAliasRoutes(app, deps);
  adminUserRoutes(app, deps);
  adminLinkerRoutes(app, deps);
  adminPricingRoutes(app, deps);
  adminInboxRoutes(app, deps);
  supportRoutes(app, deps);
  supportConversationRoutes(app, deps);
  newsletterRoutes(app, deps);
  bugReportRoutes(app, deps);
  docsRoutes(app, deps);

  app.all('/api/*', (c) => {
    throw new AppError('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`);
  });
  crawlerRoutes(app, deps);
  // The admin pages answer 401 or 403 to anyone but an admin, as their API does (ADR 072).
  client?.mount(app, (request, pathname) => (isAdminPath(pathname) ? adminPageStatus(deps, request) : null));

  app.onError((error, c) => handleError(error, c, deps.logger));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
