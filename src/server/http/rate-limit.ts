import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { rateLimiter, type Store } from 'hono-rate-limiter';
import { createClient } from 'redis';
import { AppError } from '../errors.ts';

type RedisClient = ReturnType<typeof createClient>;

/** Shared counters for several instances: one key per client and window, expiring with it. */
export function redisRateLimitStore(client: RedisClient, prefix = 'openline:rl:'): Store {
  let windowMs = 60_000;
  return {
    prefix,
    init(options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      const redisKey = prefix + key;
      const [hits, ttl] = (await client
        .multi()
        .incr(redisKey)
        .pExpire(redisKey, windowMs, 'NX')
        .pTTL(redisKey)
        .exec()) as unknown as [number, number, number];
      return { totalHits: Number(hits), resetTime: new Date(Date.now() + Math.max(Number(ttl), 0)) };
    },
    async decrement(key) {
      await client.decr(prefix + key);
    },
    async resetKey(key) {
      await client.del(prefix + key);
    },
  };
}

export async function connectRedis(url: string): Promise<RedisClient> {
  const client = createClient({ url });
  await client.connect();
  return client;
}

/** The caller's address: the first X-Forwarded-For hop when we sit behind a proxy we trust. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface LimitOptions {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  readonly trustProxy: boolean;
  /** A store per limiter; undefined keeps counters in this process's memory. */
  readonly store?: Store;
  /** What is counted instead of the client's address; null leaves the request uncounted. */
  readonly key?: (c: Context) => Promise<string | null>;
  /** False: a request answered with 4xx/5xx gives its count back. */
  readonly countFailed?: boolean;
}

export function limitRequests(options: LimitOptions): MiddlewareHandler {
  const { key } = options;
  return rateLimiter({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    keyGenerator: key
      ? async (c) => `${options.name}:${(await key(c)) ?? ''}`
      : (c) => `${options.name}:${clientAddress(c, options.trustProxy)}`,
    ...(key ? { skip: async (c: Context) => (await key(c)) === null } : {}),
    ...(options.countFailed === false ? { skipFailedRequests: true } : {}),
    ...(options.store ? { store: options.store } : {}),
    handler: () => {
      throw new AppError('RATE_LIMITED');
    },
  });
}
