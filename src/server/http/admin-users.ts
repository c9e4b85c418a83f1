import { createRoute, z } from '@hono/zod-openapi';
import { adminActionAnswerSchema } from '../../domain/admin.ts';
import { adminUserListSchema, roleChangeSchema, userListQuerySchema } from '../../domain/admin-users.ts';
import { boundedText, TEXT_MAX } from '../../domain/text.ts';
import { listUsers, setAdminRole } from '../modules/accounts/service.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { ADMIN_ONLY, adminActorOf } from './admin.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { json, jsonBody } from './route-kit.ts';

const usersRoute = createRoute({
  method: 'get',
  path: '/api/admin/users',
  tags: ['admin'],
  summary: 'Accounts newest first, searched by email or name, with their admin role (admin only)',
  request: { query: userListQuerySchema },
  responses: { 200: { description: 'Accounts', ...json(adminUserListSchema) }, ...ADMIN_ONLY },
});

const roleRoute = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/role',
  tags: ['admin'],
  summary: 'Grant or revoke the admin role (admin only; audited; the last admin keeps it)',
  request: { params: z.object({ id: boundedText(TEXT_MAX.token) }), ...jsonBody(roleChangeSchema) },
  responses: {
    200: { description: 'Done (or nothing to change)', ...json(adminActionAnswerSchema) },
    ...ADMIN_ONLY,
    404: { description: 'No such account' },
    409: { description: 'The last admin cannot lose the role' },
  },
});

/** /admin/users: accounts and the admin role. */
export function adminUserRoutes(app: ApiApp, deps: AppDeps) {
  app.openapi(usersRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listUsers(deps.database.db, c.req.valid('query')), 200);
  });

  app.openapi(roleRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const { admin } = c.req.valid('json');
    let email = '';
    const changed = await setAdminRole(deps.database.db, c.req.valid('param').id, admin, (tx, account) => {
      email = account.email;
      return recordAudit(tx, actor, {
        action: admin ? 'user.grant_admin' : 'user.revoke_admin',
        recordType: 'user',
        recordId: account.id,
        before: { email: account.email, admin: !admin },
        after: { email: account.email, admin },
      });
    });
    const message = !changed
      ? 'Nothing changed.'
      : admin
        ? `${email} is now an admin.`
        : `${email} is no longer an admin.`;
    return c.json({ message }, 200);
  });
}
