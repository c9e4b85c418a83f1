import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  BUG_REPORT_BODY_MAX_BYTES,
  bugReportAnswerSchema,
  bugReportListQuerySchema,
  bugReportSchema,
} from '../../domain/bug-report.ts';
import { AppError } from '../errors.ts';
import { listBugReports, readScreenshot, submitBugReport } from '../modules/bug-reports/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, MINUTE_MS, json, jsonBody, rateLimits } from './route-kit.ts';

/** The one API path whose body may pass BODY_LIMIT_BYTES: three 5MB screenshots travel in it. */
export const BUG_REPORTS_PATH = '/api/bug-reports';

export const BUG_REPORT_RECEIVED = 'Thank you! Your bug report has been sent.';

const submitRoute = createRoute({
  method: 'post',
  path: BUG_REPORTS_PATH,
  security: ACCESS.anyone,
  tags: ['support'],
  summary: 'Report a bug: texts, the page and browser, and up to 3 screenshots (images of at most 5MB) as data URLs',
  request: jsonBody(bugReportSchema),
  responses: {
    201: { description: 'Stored; the support team is emailed', ...json(bugReportAnswerSchema) },
    400: {
      description:
        "'Please fill in all required fields', a text over its limit, an unknown priority, more than 3 screenshots, or a screenshot that is not an image or is over 5MB (judged by its bytes)",
    },
    413: { description: 'A body larger than three full screenshots' },
    429: { description: 'More than BUG_REPORT_RATE_LIMIT reports in 10 minutes from this client' },
  },
});

/** Used by app.ts in place of the general body limit on BUG_REPORTS_PATH, before anything reads the body. */
export function bugReportBodyLimit() {
  return bodyLimit({
    maxSize: BUG_REPORT_BODY_MAX_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'A bug report can carry at most 3 screenshots of 5MB each.');
    },
  });
}

const screenshotParams = z.object({
  id: z.uuid({ message: 'No such screenshot.' }),
  position: z.coerce.number().int().min(1).max(3),
});

export function bugReportRoutes(app: ApiApp, deps: AppDeps) {
  const limit = rateLimits(deps);
  app.use(BUG_REPORTS_PATH, limit('bug-reports', deps.config.BUG_REPORT_RATE_LIMIT, { windowMs: 10 * MINUTE_MS }));

  app.openapi(submitRoute, async (c) => {
    const id = await submitBugReport(
      { db: deps.database.db, mailer: deps.mailer, dataDir: deps.config.DATA_DIR, publicUrl: deps.publicUrl },
      c.req.valid('json'),
    );
    return c.json({ id, message: BUG_REPORT_RECEIVED }, 201);
  });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/admin/bug-reports',
    tags: ['admin'],
    summary: 'Bug reports, newest first, with their screenshots’ links (admin only)',
    request: { query: bugReportListQuerySchema },
    responses: {
      200: { description: '{reports: [...]}' },
      401: { description: 'Signed out' },
      403: { description: 'Not an admin' },
    },
  });
  app.get('/api/admin/bug-reports', async (c) => {
    const query = bugReportListQuerySchema.parse(c.req.query());
    c.header('Cache-Control', 'private, no-store');
    const before = query.before ? new Date(query.before) : undefined;
    return c.json({ reports: await listBugReports(deps.database.db, { limit: query.limit, before }) });
  });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/admin/bug-reports/{id}/screenshots/{position}',
    tags: ['admin'],
    summary: 'One screenshot of a bug report, as the image it is (admin only)',
    request: { params: screenshotParams },
    responses: {
      200: { description: 'The image (PNG, JPEG, GIF or WebP)' },
      401: { description: 'Signed out' },
      403: { description: 'Not an admin' },
      404: { description: 'No such report or screenshot' },
    },
  });
  app.get('/api/admin/bug-reports/:id/screenshots/:position', async (c) => {
    const parsed = screenshotParams.safeParse(c.req.param());
    if (!parsed.success) throw new AppError('NOT_FOUND', 'No such screenshot.');
    const { contentType, bytes } = await readScreenshot(
      { db: deps.database.db, dataDir: deps.config.DATA_DIR },
      parsed.data.id,
      parsed.data.position,
    );
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': contentType,
      'Content-Disposition': 'inline',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
