import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const requestLoggers = new AsyncLocalStorage<Logger>();

/** Runs `work` (a request's handling) with `logger`, the request's child logger, as the store's logger. */
export function withRequestLogger<T>(logger: Logger, work: () => T): T {
  return requestLoggers.run(logger, work);
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
