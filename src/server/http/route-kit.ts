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
