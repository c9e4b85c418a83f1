import { createRoute, z } from '@hono/zod-openapi';
import { adminActionAnswerSchema } from '../../domain/admin.ts';
import {
  linkCorrectionSchema,
  linkDecisionsSchema,
  linkListSchema,
  linkQuerySchema,
} from '../../domain/admin-linker.ts';
import { boundedText, TEXT_MAX } from '../../domain/text.ts';
import { createLinker } from '../modules/quotes/linker.ts';
import { ADMIN_ONLY, adminActorOf } from './admin.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { json, jsonBody } from './route-kit.ts';

const DECISION_ANSWERS = {
  200: { description: 'Done', ...json(adminActionAnswerSchema) },
  400: { description: 'Invalid decision' },
  ...ADMIN_ONLY,
  404: { description: 'No such supplier service' },
  409: { description: 'Decided meanwhile, not a complete unlock, or needs fields besides the IMEI' },
} as const;

const listRoute = createRoute({
  method: 'get',
  path: '/api/admin/auto-linker',
  tags: ['admin'],
  summary: "The current supplier's services in one link state, each as the auto-linker reads it (admin only)",
  request: { query: linkQuerySchema },
  responses: { 200: { description: 'Services', ...json(linkListSchema) }, ...ADMIN_ONLY },
});

const decideRoute = createRoute({
  method: 'post',
  path: '/api/admin/auto-linker/decisions',
  tags: ['admin'],
  summary:
    'Accept the readings of waiting services, reject services, or send them back to waiting: all or none (admin only; audited)',
  request: jsonBody(linkDecisionsSchema),
  responses: DECISION_ANSWERS,
});

const correctRoute = createRoute({
  method: 'put',
  path: '/api/admin/auto-linker/{toolId}',
  tags: ['admin'],
  summary:
    'Link a service by hand; words of its name may teach the catalogue (aliases) in the same change (admin only; audited)',
  request: { params: z.object({ toolId: boundedText(TEXT_MAX.name) }), ...jsonBody(linkCorrectionSchema) },
  responses: DECISION_ANSWERS,
});

/** /admin/auto-linker (ADR 076). */
export function adminLinkerRoutes(app: ApiApp, deps: AppDeps) {
  const linker = createLinker(deps.database.db, deps.catalog, () => deps.quotes.invalidate());

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await linker.list(c.req.valid('query')), 200);
  });

  app.openapi(decideRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    return c.json(await linker.decide(c.req.valid('json'), actor), 200);
  });

  app.openapi(correctRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    return c.json(await linker.correct(c.req.valid('param').toolId, c.req.valid('json'), actor), 200);
  });
}
