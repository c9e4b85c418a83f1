import type { z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from './context.ts';
import { limitRequests } from './rate-limit.ts';

/** An OpenAPI JSON content entry: a response's or a request body's schema. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

/** A required JSON request body, for createRoute's `request`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { ...json(schema), required: true } });

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

export interface LimitRule {
  /** Window of the count; a minute unless said. */
  readonly windowMs?: number;
  /** What is counted; the client's address unless said. Null: this request is not counted. */
  readonly key?: (c: Context) => Promise<string | null>;
  /** False: a request the route refuses (4xx/5xx) gives its count back. */
  readonly countFailed?: boolean;
}

/**
 * The route files' limiter: `limit('quotes', 30)` lets each client make 30 requests a minute,
 * counted in the shared store (Redis) when several instances run, in memory otherwise.
 */
export function rateLimits(deps: AppDeps) {
  return (name: string, limit: number, rule: LimitRule = {}): MiddlewareHandler =>
    limitRequests({
      name,
      limit,
      windowMs: rule.windowMs ?? MINUTE_MS,
      trustProxy: deps.config.TRUST_PROXY,
      store: deps.rateLimitStore?.(name),
      key: rule.key,
      countFailed: rule.countFailed,
    });
}

type SecurityRequirements = { [scheme: string]: string[] }[];

/**
 * Who may call a route, as its OpenAPI security requirements (the schemes are named in
 * openapi-document.ts). Each alternative is enough; `{}` means no credential at all.
 * Every route under /api/admin/ needs the admin role (app.ts) and is described so there.
 */

export const ACCESS: Readonly<
  Record<
    'anyone' | 'anyoneOrSignedIn' | 'signedIn' | 'orderHolder' | 'metrics' | 'internal' | 'webhook',
    SecurityRequirements
  >
> = {
  /** Anyone: no credential. */
  anyone: [],
  /** Anyone; a signed-in caller's account is used (an order lands in it, an admin sees more). */
  anyoneOrSignedIn: [{}, { session: [] }],
  signedIn: [{ session: [] }],
  /** The order's guest link (?token=), its signed-in owner, or an admin. */
  orderHolder: [{ orderToken: [] }, { session: [] }],
  metrics: [{ metricsToken: [] }],
  internal: [{ internalToken: [] }],
  webhook: [{ webhookSignature: [] }],
};
