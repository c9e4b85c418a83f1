import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Busboy from '@fastify/busboy';
import { z, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  BUG_REPORT_FIELDS_MAX_CHARS,
  BUG_REPORT_LIMITS,
  BUG_REPORT_PARTS,
  SCREENSHOT_ERRORS,
  SCREENSHOT_TYPES,
  bugReportAnswerSchema,
  bugReportListQuerySchema,
  bugReportSchema,
  screenshotNameSchema,
  type BugReport,
} from '../../domain/bug-report.ts';
import { AppError, validationError } from '../errors.ts';
import { listBugReports, readScreenshot, submitBugReport } from '../modules/bug-reports/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, MINUTE_MS, json, rateLimits } from './route-kit.ts';

/** The one API path whose body may pass BODY_LIMIT_BYTES: three 5MB screenshot files travel in it. */
export const BUG_REPORTS_PATH = '/api/bug-reports';

export const BUG_REPORT_RECEIVED = 'Thank you! Your bug report has been sent.';

/** The answers to a body that is not the multipart form the route documents. */
export const BUG_REPORT_FORM_ERRORS = {
  notForm: `Send the report as multipart/form-data: the texts as JSON in the "${BUG_REPORT_PARTS.report}" part, each screenshot a file in "${BUG_REPORT_PARTS.screenshot}".`,
  unreadable: 'The report could not be read. Please send it again.',
  reportMissing: `The "${BUG_REPORT_PARTS.report}" part must be the report's texts as JSON.`,
  reportTooLong: `The "${BUG_REPORT_PARTS.report}" part can be at most ${BUG_REPORT_FIELDS_MAX_CHARS} characters.`,
} as const;

/** What the document says the form holds; the handler reads it itself (readBugReportForm), naming each refusal. */
const bugReportFormSchema = z
  .object({
    [BUG_REPORT_PARTS.report]: bugReportSchema,
    [BUG_REPORT_PARTS.screenshot]: z
      .array(z.string().openapi({ format: 'binary', description: 'A PNG, JPEG, GIF or WebP image of at most 5MB' }))
      .max(BUG_REPORT_LIMITS.screenshots)
      .optional(),
  })
  .openapi('BugReportForm');

const submitOperation = {
  method: 'post',
  path: BUG_REPORTS_PATH,
  security: ACCESS.anyone,
  tags: ['support'],
  summary:
    'Report a bug: its texts, the page and browser as JSON, and up to 3 screenshots (images of at most 5MB) as files',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: bugReportFormSchema,
          encoding: {
            [BUG_REPORT_PARTS.report]: { contentType: 'application/json' },
            [BUG_REPORT_PARTS.screenshot]: { contentType: SCREENSHOT_TYPES.join(', ') },
          },
        },
      },
    },
  },
  responses: {
    201: { description: 'Stored; the support team is emailed', ...json(bugReportAnswerSchema) },
    400: {
      description:
        "Not a multipart form, 'Please fill in all required fields', a text over its limit, an unknown priority, more than 3 screenshots, or a screenshot that is not an image or is over 5MB (judged by its bytes)",
    },
    413: { description: 'A body larger than three full screenshots and the report' },
    429: { description: 'More than BUG_REPORT_RATE_LIMIT reports in 10 minutes from this client' },
  },
} satisfies RouteConfig;

/** A form part as it was read: the report's text, or a screenshot's bytes and name. */
type FormPart =
  | { readonly kind: 'text'; readonly name: string; readonly value: string; readonly truncated: boolean }
  | { readonly kind: 'file'; readonly name: string; readonly file: File };

/**
 * Reads the multipart body as it arrives and stops at the first part past what a report may hold
 * (its "report" part and three screenshots): a form of 100,000 tiny parts is refused after its
 * fifth, not parsed whole first, which held the event loop for seconds (issue 45 §1). A screenshot
 * is kept to one byte past 5MB, so the service still refuses an oversized one by its size.
 */
function readFormParts(body: ReadableStream<Uint8Array>, contentType: string): Promise<FormPart[]> {
  return new Promise((resolve, reject) => {
    const parts: FormPart[] = [];
    const pending: Promise<void>[] = [];
    const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
    let settled = false;
    const stop = (error: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe();
      source.destroy();
      reject(error);
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: {
          parts: BUG_REPORT_LIMITS.screenshots + 1,
          files: BUG_REPORT_LIMITS.screenshots,
          fieldSize: BUG_REPORT_FIELDS_MAX_CHARS * 4,
          fileSize: BUG_REPORT_LIMITS.screenshotBytes + 1,
        },
      });
    } catch {
      reject(new AppError('VALIDATION_FAILED', BUG_REPORT_FORM_ERRORS.notForm));
      return;
    }
    const tooMany = () =>
      stop(new AppError('VALIDATION_FAILED', SCREENSHOT_ERRORS.tooMany, { screenshots: [SCREENSHOT_ERRORS.tooMany] }));
    parser.on('partsLimit', tooMany);
    parser.on('filesLimit', tooMany);
    parser.on('field', (name, value, _nameTruncated, truncated) =>
      parts.push({ kind: 'text', name, value, truncated }),
    );
    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      pending.push(
        new Promise((done) =>
          stream.on('end', () => {
            parts.push({
              kind: 'file',
              name,
              file: new File([new Uint8Array(Buffer.concat(chunks))], filename, { type: mimeType }),
            });
            done();
          }),
        ),
      );
    });
    parser.on('error', () => stop(new AppError('VALIDATION_FAILED', BUG_REPORT_FORM_ERRORS.unreadable)));
    parser.on('finish', () => {
      void Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        resolve(parts);
      });
    });
    source.on('error', (error) =>
      stop(error instanceof AppError ? error : new AppError('VALIDATION_FAILED', BUG_REPORT_FORM_ERRORS.unreadable)),
    );
    source.pipe(parser);
  });
}

/**
 * The multipart body: the report part parsed by its schema, each screenshot a file with a name;
 * every refusal a 400 naming what is wrong. The bytes of the files are checked by the service.
 */
async function readBugReportForm(c: Context): Promise<{ report: BugReport; files: File[] }> {
  const contentType = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !body)
    throw new AppError('VALIDATION_FAILED', BUG_REPORT_FORM_ERRORS.notForm);
  const parts = await readFormParts(body, contentType);
  const texts = parts.filter((part) => part.name === BUG_REPORT_PARTS.report);
  const text = texts[0];
  if (texts.length !== 1 || text?.kind !== 'text')
    throw new AppError('VALIDATION_FAILED', BUG_REPORT_FORM_ERRORS.reportMissing);
  if (text.truncated || text.value.length > BUG_REPORT_FIELDS_MAX_CHARS)
    throw new AppError('VALIDATION_FAILED', BUG_REPORT_FORM_ERRORS.reportTooLong);
  let fields: unknown;
  try {
    fields = JSON.parse(text.value);
  } catch {
    throw new AppError('MALFORMED_JSON', BUG_REPORT_FORM_ERRORS.reportMissing);
  }
  const report = bugReportSchema.safeParse(fields);
  if (!report.success) throw validationError(report.error);

  const files = parts
    .filter((part) => part.name === BUG_REPORT_PARTS.screenshot)
    .map((part) => {
      if (part.kind === 'text') throw new AppError('VALIDATION_FAILED', SCREENSHOT_ERRORS.notFile);
      const name = screenshotNameSchema.safeParse(part.file.name);
      if (!name.success) throw validationError(name.error);
      return part.file;
    });
  return { report: report.data, files };
}

const screenshotParams = z.object({
  id: z.uuid({ message: 'No such screenshot.' }),
  position: z.coerce.number().int().min(1).max(3),
});

export function bugReportRoutes(app: ApiApp, deps: AppDeps) {
  const limit = rateLimits(deps);
  app.use(BUG_REPORTS_PATH, limit('bug-reports', deps.config.BUG_REPORT_RATE_LIMIT, { windowMs: 10 * MINUTE_MS }));

  app.openAPIRegistry.registerPath(submitOperation);
  app.post(BUG_REPORTS_PATH, async (c) => {
    const { report, files } = await readBugReportForm(c);
    const id = await submitBugReport(
      { db: deps.database.db, mailer: deps.mailer, dataDir: deps.config.DATA_DIR, publicUrl: deps.publicUrl },
      report,
      files,
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
