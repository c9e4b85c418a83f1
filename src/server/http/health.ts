import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp, AppDeps } from './context.ts';
import { json } from './route-kit.ts';

const healthSchema = z
  .object({ ok: z.boolean(), db: z.enum(['pglite', 'postgres']), version: z.string() })
  .openapi('Health');

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['platform'],
  summary: 'Is the store up and its database reachable?',
  responses: {
    200: { description: 'Healthy', ...json(healthSchema) },
    503: { description: 'The database is unreachable', ...json(healthSchema) },
  },
});

export function healthRoutes(app: ApiApp, deps: AppDeps) {
  app.openapi(healthRoute, async (c) => {
    const ok = await deps.database.ping();
    const body = { ok, db: deps.database.kind, version: deps.version };
    c.header('Cache-Control', 'no-store');
    return ok ? c.json(body, 200) : c.json(body, 503);
  });
}
