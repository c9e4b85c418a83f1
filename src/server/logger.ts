import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const requestLoggers = new AsyncLocalStorage<Logger>();

/** The id of the request being served (or of the one that queued the running job), if any. */
export function currentRequestId(): string | undefined {
  const id: unknown = requestLoggers.getStore()?.bindings().reqId;
  return typeof id === 'string' ? id : undefined;
}

/** Runs `work` (a request's handling) with `logger`, the request's child logger, as the store's logger. */
export function withRequestLogger<T>(logger: Logger, work: () => T): T {
  return requestLoggers.run(logger, work);
}

/** A failed query's text ends with its parameters (drizzle's "params: …"): emails, IMEIs, tokens. */
const QUERY_PARAMETERS = /\nparams: [^\n]*/g;

/** pino's error serializer, without the parameters of a failed query in any message or stack. */
function loggableError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  for (const field of ['message', 'stack'] as const) {
    const text = serialized[field];
    if (typeof text === 'string') serialized[field] = text.replace(QUERY_PARAMETERS, '\nparams: (not logged)');
  }
  // drizzle's query error also keeps them as a field.
  if ('params' in serialized) serialized.params = '(not logged)';
  return serialized;
}

/**
 * The store's logger. While a request is served it writes through that request's child logger, so
 * the modules handed this logger at start (mail, better-auth, payments...) log the request id too;
 * outside a request (start-up, job workers) it is the root logger.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const root = pino(
    {
      level,
      base: { service: 'openline' },
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
      serializers: { err: loggableError },
    },
    destination,
  );
  return new Proxy(root, {
    get(target, property) {
      const current = requestLoggers.getStore() ?? target;
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}

/** Paths that carry a bearer secret in a segment (a share link, a reset link): logged without it. */
const SECRET_SEGMENT = /^(\/api\/shares|\/share|\/api\/auth\/reset-password)\/[^/]+/;

/** A request's path as its log line shows it. */
export const loggablePath = (path: string) => path.replace(SECRET_SEGMENT, '$1/{token}');
