import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BUG_REPORT_BODY_MAX_BYTES } from '../../domain/bug-report.ts';
import { LICENSE_IMPORT_BODY_MAX_BYTES } from '../../domain/licenses.ts';
import { AppError } from '../errors.ts';
import { BUG_REPORTS_PATH } from './bug-reports.ts';

export const LICENSE_IMPORT_PATH = '/api/admin/licenses/import';

/**
 * The routes whose body may pass the general limit (BODY_LIMIT_BYTES), each with its own limit and
 * its own words for a body past it (issue 45 §7). The OpenAPI document states every write's limit.
 */
export const ROUTE_BODY_LIMITS: ReadonlyMap<string, { readonly bytes: number; readonly tooLarge: string }> = new Map([
  [
    BUG_REPORTS_PATH,
    { bytes: BUG_REPORT_BODY_MAX_BYTES, tooLarge: 'A bug report can carry at most 3 screenshots of 5MB each.' },
  ],
  [LICENSE_IMPORT_PATH, { bytes: LICENSE_IMPORT_BODY_MAX_BYTES, tooLarge: 'A key file may be at most 2 MB.' }],
]);

/** The body limit of a request to `path`, in bytes. */
export function bodyLimitOf(path: string, generalBytes: number): number {
  return ROUTE_BODY_LIMITS.get(path)?.bytes ?? generalBytes;
}

/** One body limit per request, chosen by its path before anything reads the body. */
export function bodyLimits(generalBytes: number): MiddlewareHandler {
  const limiterOf = (bytes: number, message?: string) =>
    bodyLimit({
      maxSize: bytes,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', message);
      },
    });
  const general = limiterOf(generalBytes);
  const own = new Map([...ROUTE_BODY_LIMITS].map(([path, limit]) => [path, limiterOf(limit.bytes, limit.tooLarge)]));
  return (c, next) => (own.get(c.req.path) ?? general)(c, next);
}
