import { createRoute, z } from '@hono/zod-openapi';
import { adminActionAnswerSchema } from '../../domain/admin.ts';
import {
  adminServiceRequestListSchema,
  bugStatusChangeSchema,
  inboxQuerySchema,
  requestStatusChangeSchema,
  subscriberListSchema,
  subscriberQuerySchema,
} from '../../domain/admin-inbox.ts';
import { boundedText, columnIntegerParam, TEXT_MAX } from '../../domain/text.ts';
import { AppError } from '../errors.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { setBugReportStatus } from '../modules/bug-reports/service.ts';
import { listSubscribers, subscribersCsv } from '../modules/newsletter/service.ts';
import { listServiceRequests, setServiceRequestStatus } from '../modules/service-requests/service.ts';
import { ADMIN_ONLY, adminActorOf } from './admin.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { json, jsonBody } from './route-kit.ts';

const idParams = z.object({ id: boundedText(TEXT_MAX.token) });
const CHANGED = {
  200: { description: 'Done', ...json(adminActionAnswerSchema) },
  400: { description: 'Invalid status' },
  ...ADMIN_ONLY,
  404: { description: 'No such record' },
} as const;

const bugStatusRoute = createRoute({
  method: 'post',
  path: '/api/admin/bug-reports/{id}/status',
  tags: ['admin'],
  summary: 'Move a bug report to new, in progress, resolved or won’t fix (admin only; audited)',
  request: { params: idParams, ...jsonBody(bugStatusChangeSchema) },
  responses: CHANGED,
});

const requestsRoute = createRoute({
  method: 'get',
  path: '/api/admin/service-requests',
  tags: ['admin'],
  summary: 'Requests for services the store does not list, newest first (admin only)',
  request: { query: inboxQuerySchema },
  responses: { 200: { description: 'Requests', ...json(adminServiceRequestListSchema) }, ...ADMIN_ONLY },
});

const requestStatusRoute = createRoute({
  method: 'post',
  path: '/api/admin/service-requests/{id}/status',
  tags: ['admin'],
  summary: 'Move a service request to new, contacted or closed (admin only; audited)',
  request: { params: idParams, ...jsonBody(requestStatusChangeSchema) },
  responses: CHANGED,
});

const resendRoute = createRoute({
  method: 'post',
  path: '/api/admin/mail-outbox/{id}/resend',
  tags: ['admin'],
  summary: 'Send a stored message again, as a new outbox message (admin only; audited)',
  request: { params: z.object({ id: columnIntegerParam(1) }) },
  responses: {
    200: { description: 'Sent again', ...json(adminActionAnswerSchema) },
    ...ADMIN_ONLY,
    404: { description: 'No such message' },
  },
});

const subscribersRoute = createRoute({
  method: 'get',
  path: '/api/admin/newsletter/subscribers',
  tags: ['admin'],
  summary: 'Newsletter subscribers newest first, with how many are in and out (admin only)',
  request: { query: subscriberQuerySchema },
  responses: { 200: { description: 'Subscribers', ...json(subscriberListSchema) }, ...ADMIN_ONLY },
});

/** The team's inbox in the admin area: bug reports, service requests, the mail outbox, subscribers. */
export function adminInboxRoutes(app: ApiApp, deps: AppDeps) {
  const db = deps.database.db;

  app.openapi(bugStatusRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    await setBugReportStatus(db, id, status, (tx, before) =>
      recordAudit(tx, actor, {
        action: 'bug_report.status',
        recordType: 'bug_report',
        recordId: id,
        before: { status: before },
        after: { status },
      }),
    );
    return c.json({ message: 'Bug report updated.' }, 200);
  });

  app.openapi(requestsRoute, async (c) => {
    const query = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    const before = query.before ? new Date(query.before) : undefined;
    return c.json({ requests: await listServiceRequests(db, { limit: query.limit, before }) }, 200);
  });

  app.openapi(requestStatusRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    await setServiceRequestStatus(db, id, status, (tx, before) =>
      recordAudit(tx, actor, {
        action: 'service_request.status',
        recordType: 'service_request',
        recordId: id,
        before: { status: before },
        after: { status },
      }),
    );
    return c.json({ message: 'Service request updated.' }, 200);
  });

  app.openapi(resendRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const { id } = c.req.valid('param');
    const sent = await deps.mailer.resend(id, (tx) =>
      recordAudit(tx, actor, { action: 'mail.resend', recordType: 'mail', recordId: String(id) }),
    );
    if (!sent) throw new AppError('NOT_FOUND', 'No such message.');
    return c.json({ message: 'Sent again.' }, 200);
  });

  app.openapi(subscribersRoute, async (c) => {
    const query = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listSubscribers(db, { q: query.q || undefined, limit: query.limit }), 200);
  });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/admin/newsletter/subscribers.csv',
    tags: ['admin'],
    summary: 'Every address subscribed now, as CSV with its subscription time (admin only)',
    responses: { 200: { description: 'text/csv' }, ...ADMIN_ONLY },
  });
  app.get('/api/admin/newsletter/subscribers.csv', async (c) =>
    c.body(await subscribersCsv(db), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="newsletter-subscribers.csv"',
      'Cache-Control': 'private, no-store',
    }),
  );
}
