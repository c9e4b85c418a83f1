import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { MIGRATIONS_DIR, type Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { registry, scrape } from '../metrics.ts';
import { scrapedFigures } from '../modules/metrics/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, json } from './route-kit.ts';
import { sameSecret } from '../same-secret.ts';

const healthSchema = z
  .object({ ok: z.boolean(), db: z.enum(['pglite', 'postgres']), version: z.string() })
  .openapi('Health');

const readinessSchema = z
  .object({
    ok: z.boolean(),
    checks: z.object({
      /** False once the instance is shutting down. */
      accepting: z.boolean(),
      database: z.boolean(),
      queue: z.boolean(),
      migrations: z.boolean(),
    }),
  })
  .openapi('Readiness');

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  security: ACCESS.anyone,
  tags: ['platform'],
  summary: 'Is the store up and its database reachable?',
  responses: {
    200: { description: 'Healthy', ...json(healthSchema) },
    503: { description: 'The database is unreachable', ...json(healthSchema) },
  },
});

const liveRoute = createRoute({
  method: 'get',
  path: '/api/health/live',
  security: ACCESS.anyone,
  tags: ['platform'],
  summary: 'Liveness, for an orchestrator: the process answers (restart it when it does not)',
  responses: { 200: { description: 'The process is alive', ...json(z.object({ ok: z.literal(true) })) } },
});

const readyRoute = createRoute({
  method: 'get',
  path: '/api/health/ready',
  security: ACCESS.anyone,
  tags: ['platform'],
  summary: 'Readiness, for a load balancer: the database and the job queue answer and every migration is applied',
  responses: {
    200: { description: 'Ready for traffic', ...json(readinessSchema) },
    503: { description: 'Not ready (with Retry-After): send traffic elsewhere', ...json(readinessSchema) },
  },
});

const metricsRoute = createRoute({
  method: 'get',
  path: '/api/metrics',
  tags: ['platform'],
  summary: 'Metrics in the Prometheus text format, for the operator (Authorization: Bearer METRICS_TOKEN; ADR 085)',
  security: ACCESS.metrics,
  responses: {
    200: { description: 'The metrics', content: { 'text/plain': { schema: z.string() } } },
    403: { description: 'A missing or wrong token' },
    404: { description: 'METRICS_TOKEN is not set: no metrics are served' },
  },
});

/** How many migrations the build carries (drizzle's journal). */
function migrationsInBuild(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Every migration of the build is applied (a newer instance may have applied more). */
async function migrationsApplied(database: Database, expected: number): Promise<boolean> {
  try {
    const { rows } = await database.sql.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    return Number((rows[0] as { n: number } | undefined)?.n ?? 0) >= expected;
  } catch {
    return false;
  }
}

/** Seconds a load balancer is asked to wait before trying a store that is not ready. */
export const READY_RETRY_AFTER_SECONDS = 5;

export function healthRoutes(app: ApiApp, deps: AppDeps) {
  const expectedMigrations = migrationsInBuild();
  app.openAPIRegistry.registerComponent('securitySchemes', 'metricsToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN',
  });
  app.openapi(healthRoute, async (c) => {
    const ok = await deps.database.ping();
    const body = { ok, db: deps.database.kind, version: deps.version };
    c.header('Cache-Control', 'no-store');
    return ok ? c.json(body, 200) : c.json(body, 503);
  });

  app.openapi(metricsRoute, async (c) => {
    const token = deps.config.METRICS_TOKEN;
    if (!token) throw new AppError('NOT_FOUND');
    const given = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!sameSecret(given, token)) throw new AppError('FORBIDDEN');
    const text = await scrape(() => scrapedFigures(deps.database.db));
    return c.text(text, 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  });

  app.openapi(liveRoute, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true as const }, 200);
  });

  app.openapi(readyRoute, async (c) => {
    // A draining instance is alive but takes no new traffic.
    const accepting = !deps.draining.aborted;
    const database = await deps.database.ping();
    const [queue, migrations] = database
      ? await Promise.all([deps.jobsReady(), migrationsApplied(deps.database, expectedMigrations)])
      : [false, false];
    const ok = accepting && database && queue && migrations;
    c.header('Cache-Control', 'no-store');
    if (!ok) c.header('Retry-After', String(READY_RETRY_AFTER_SECONDS));
    const body = { ok, checks: { accepting, database, queue, migrations } };
    return ok ? c.json(body, 200) : c.json(body, 503);
  });
}
