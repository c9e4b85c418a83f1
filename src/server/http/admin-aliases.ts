import { createRoute } from '@hono/zod-openapi';
import {
  aliasEditSchema,
  aliasListQuerySchema,
  aliasListSchema,
  aliasPreviewQuerySchema,
  aliasPreviewSchema,
  aliasSchema,
  type AliasInput,
} from '../../domain/admin-aliases.ts';
import { adminActionAnswerSchema } from '../../domain/admin.ts';
import type { Db } from '../db/client.ts';
import { type AdminActor, recordAudit } from '../modules/audit/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ADMIN_ONLY, adminActorOf } from './admin.ts';
import { json, jsonBody } from './route-kit.ts';

const CHANGE_ANSWERS = {
  400: { description: 'Invalid alias, or it leads to nothing' },
  ...ADMIN_ONLY,
  404: { description: 'The alias to change is gone' },
  409: { description: 'The alias exists, or already means something else' },
} as const;

const listRoute = createRoute({
  method: 'get',
  path: '/api/admin/aliases',
  tags: ['admin'],
  summary: 'Carrier, country or brand aliases, searched by text, target or its name (admin only)',
  request: { query: aliasListQuerySchema },
  responses: { 200: { description: 'Aliases', ...json(aliasListSchema) }, ...ADMIN_ONLY },
});

const previewRoute = createRoute({
  method: 'get',
  path: '/api/admin/aliases/preview',
  tags: ['admin'],
  summary: 'What a typed text normalises to as a country, a brand and a carrier (admin only)',
  request: { query: aliasPreviewQuerySchema },
  responses: { 200: { description: 'The preview', ...json(aliasPreviewSchema) }, ...ADMIN_ONLY },
});

const addRoute = createRoute({
  method: 'post',
  path: '/api/admin/aliases',
  tags: ['admin'],
  summary: 'Add an alias (admin only; audited; every instance reads it at once)',
  request: jsonBody(aliasSchema),
  responses: { 201: { description: 'Added', ...json(adminActionAnswerSchema) }, ...CHANGE_ANSWERS },
});

const editRoute = createRoute({
  method: 'put',
  path: '/api/admin/aliases',
  tags: ['admin'],
  summary: 'Change an alias: `from` as it is, `to` as it is to be (admin only; audited)',
  request: jsonBody(aliasEditSchema),
  responses: { 200: { description: 'Changed', ...json(adminActionAnswerSchema) }, ...CHANGE_ANSWERS },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/api/admin/aliases',
  tags: ['admin'],
  summary: 'Remove an alias (admin only; audited)',
  request: jsonBody(aliasSchema),
  responses: { 200: { description: 'Removed', ...json(adminActionAnswerSchema) }, ...CHANGE_ANSWERS },
});

/** The audit event of an alias change: the alias as it was (`before`) and as it is (`after`). */
function audited(
  actor: AdminActor,
  action: 'alias.add' | 'alias.edit' | 'alias.remove',
  subject: AliasInput,
  change: { before: AliasInput | null; after: AliasInput | null },
) {
  return (tx: Db) =>
    recordAudit(tx, actor, { action, recordType: 'alias', recordId: `${subject.type}:${subject.alias}`, ...change });
}

/** /admin/aliases: the aliases the normalisation procedures read (ADR 074). */
export function adminAliasRoutes(app: ApiApp, deps: AppDeps) {
  const { catalog } = deps;

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    return c.json(await catalog.aliases(query.type, query.q || undefined, query.limit), 200);
  });

  app.openapi(previewRoute, async (c) => {
    const query = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    return c.json(await catalog.preview(query.text, query.country || undefined), 200);
  });

  app.openapi(addRoute, async (c) => {
    const alias = c.req.valid('json');
    await catalog.addAlias(alias, audited(adminActorOf(c, deps), 'alias.add', alias, { before: null, after: alias }));
    return c.json({ message: `“${alias.alias}” now leads to ${alias.target}.` }, 201);
  });

  app.openapi(editRoute, async (c) => {
    const { from, to } = c.req.valid('json');
    await catalog.editAlias(from, to, audited(adminActorOf(c, deps), 'alias.edit', to, { before: from, after: to }));
    return c.json({ message: `“${to.alias}” now leads to ${to.target}.` }, 200);
  });

  app.openapi(removeRoute, async (c) => {
    const alias = c.req.valid('json');
    await catalog.removeAlias(
      alias,
      audited(adminActorOf(c, deps), 'alias.remove', alias, { before: alias, after: null }),
    );
    return c.json({ message: `“${alias.alias}” was removed.` }, 200);
  });
}
