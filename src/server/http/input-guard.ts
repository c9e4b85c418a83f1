import type { MiddlewareHandler } from 'hono';
import {
  LONE_SURROGATE_MESSAGE,
  NUL_MESSAGE,
  TEXT_MAX,
  hasLoneSurrogate,
  hasNul,
  tooLongMessage,
} from '../../domain/text.ts';
import { AppError, type FieldErrors } from '../errors.ts';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A JSON value's strings and keys that hold a NUL or run over `max`, by dotted path; iterative, so no nesting depth overflows. */
function badStrings(root: unknown, max: number | null): FieldErrors {
  const found: FieldErrors = {};
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  const flag = (path: string, message: string) => {
    const list = (found[path || '_'] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const check = (text: string, path: string) => {
    if (hasNul(text)) flag(path, NUL_MESSAGE);
    else if (hasLoneSurrogate(text)) flag(path, LONE_SURROGATE_MESSAGE);
    else if (max !== null && text.length > max) flag(path, tooLongMessage(max));
  };
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') check(value, path);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        check(key, childPath);
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return found;
}

function refuse(fieldErrors: FieldErrors): never {
  const first = Object.values(fieldErrors)[0]?.[0] ?? NUL_MESSAGE;
  throw new AppError('VALIDATION_FAILED', first, fieldErrors);
}

export interface InputGuardOptions {
  /** Paths whose JSON strings must also stay within TEXT_MAX.url: routes our schemas never see (better-auth's). */
  readonly boundedPrefixes: readonly string[];
  /** Paths whose body is a provider's signed bytes, not a client's input: left to the route that verifies them. */
  readonly signedBodyPrefixes: readonly string[];
  /**
   * Paths that take files in a multipart form: a file's bytes may hold NUL, so the body is left to
   * the route, which checks each text part with its schema (ADR 089). Elsewhere a form is read as text.
   */
  readonly fileFormPaths: readonly string[];
}

/**
 * Refuses with a 400, before any route runs, a request whose path, query or body holds a NUL
 * (raw or %00), or a JSON body with a lone surrogate: PostgreSQL text cannot store the one, nor jsonb the other, and routes without our schemas (better-auth's,
 * the raw webhook) would otherwise pass it on. Runs after the body limit, so reads at most that.
 */
export function refuseBadText(options: InputGuardOptions): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (/%00/i.test(url.pathname)) refuse({ _path: [NUL_MESSAGE] });
    if (/%00/i.test(url.search)) {
      const fields: FieldErrors = {};
      for (const [key, value] of url.searchParams) {
        if (hasNul(key) || hasNul(value)) fields[hasNul(key) ? '_query' : key] = [NUL_MESSAGE];
      }
      refuse(fields);
    }

    const signed = options.signedBodyPrefixes.some((prefix) => url.pathname.startsWith(prefix));
    const fileForm =
      options.fileFormPaths.includes(url.pathname) && /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    if (METHODS_WITH_BODY.has(c.req.method) && c.req.raw.body && !signed && !fileForm) {
      // A clone, so the route (or better-auth, which reads c.req.raw) still gets the untouched body.
      const text = await c.req.raw.clone().text();
      if (hasNul(text)) refuse({ _body: [NUL_MESSAGE] });
      const contentType = c.req.header('content-type') ?? '';
      if (/^application\/x-www-form-urlencoded/i.test(contentType) && /%00/i.test(text))
        refuse({ _body: [NUL_MESSAGE] });
      // Parsed only when a NUL or lone surrogate escape may hide in it, or when no schema of ours bounds its strings.
      const bounded = options.boundedPrefixes.some((prefix) => url.pathname.startsWith(prefix));
      if (bounded || /\\u0000|\\ud[89a-f]/i.test(text)) {
        const found = badStrings(parseJson(text), bounded ? TEXT_MAX.url : null);
        if (Object.keys(found).length > 0) refuse(found);
      }
    }
    await next();
  };
}

/** The body as JSON, or undefined when it is not: refusing malformed JSON is the route's job. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer to a write from another site. */
export const CROSS_SITE_MESSAGE = 'Requests from other sites cannot change anything here.';

/**
 * Refuses with a 403 every write (POST, PUT, PATCH, DELETE) a browser sends from another site:
 * its `Origin` (`null` included) names another host than the store's, or `Sec-Fetch-Site` says
 * cross-site. JSON routes were safe by their content type alone; a route without a body (a share
 * link's creation) or one reading a form was not. A request without either header (a script, a
 * server) passes: it carries no visitor's cookies unless it has them already. better-auth checks
 * its own trusted origins; provider webhooks are signed.
 */
export function refuseCrossSiteWrites(options: {
  readonly publicUrl: string | undefined;
  readonly trustProxy: boolean;
  readonly exemptPrefixes: readonly string[];
}): MiddlewareHandler {
  const publicHost = options.publicUrl ? new URL(options.publicUrl).host : null;
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (METHODS_WITH_BODY.has(c.req.method) && !options.exemptPrefixes.some((p) => url.pathname.startsWith(p))) {
      const origin = c.req.header('origin');
      const forwarded = options.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
      const own = new Set([url.host, publicHost, forwarded].filter(Boolean));
      let originHost: string | null = null;
      try {
        originHost = origin === undefined ? null : new URL(origin).host;
      } catch {
        originHost = '';
      }
      const crossSite = c.req.header('sec-fetch-site') === 'cross-site';
      if (crossSite || (origin !== undefined && !own.has(originHost ?? ''))) {
        throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
      }
    }
    await next();
  };
}
