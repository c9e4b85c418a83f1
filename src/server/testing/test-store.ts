import { configSchema, type Config } from '../config.ts';
import { createStore, type Store, type StoreOptions } from '../bootstrap.ts';
import type { Database } from '../db/client.ts';
import { createLogger, type Logger } from '../logger.ts';
import { scanningDestination } from './log-scan.ts';
import { openTestDatabase, type TestDbKind } from './test-db.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return configSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
    LICENSE_KEY_SECRET: 'test-license-key-secret-long-enough-0123456789',
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '1000',
    SANDBOX_PAYMENT_SECRET: 'sandbox-payment-secret-for-tests-0123456789',
    ...overrides,
  });
}

/** Jobs in tests: polled twice a second and retried at once, so a whole retry story takes seconds. */
export const TEST_JOB_SETTINGS = { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0, retryBackoff: false };

/** The whole API on a fresh database, called in-process with app.request(). */
export async function createTestStore(
  kind: TestDbKind,
  options: {
    config?: Partial<Record<keyof Config, string>>;
    internalToken?: string;
    providers?: StoreOptions['providers'];
    jobs?: StoreOptions['jobs'];
    unlockBackoff?: StoreOptions['unlockBackoff'];
    /** Every line scanned for personal data (log-scan.ts) unless a test reads the lines itself. */
    logger?: Logger;
    /** A database the test opened itself (e.g. one a closed store left behind); otherwise a fresh one. */
    database?: Database;
  } = {},
): Promise<Store> {
  const config = testConfig(options.config);
  return createStore({
    config,
    logger: options.logger ?? createLogger('debug', scanningDestination),
    database: options.database ?? (await openTestDatabase(kind)),
    internalToken: options.internalToken,
    serveClient: false,
    providers: options.providers,
    jobs: { ...TEST_JOB_SETTINGS, ...options.jobs },
    unlockBackoff: options.unlockBackoff,
  });
}

/** Same-origin JSON request headers, as the browser sends them. */
export function jsonHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, ...extra };
}

/** The session cookies a response sets, as the next request's Cookie header. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A same-origin JSON POST, as the browser sends it. */
export function postJson(store: Store, path: string, body: unknown, headers: Record<string, string> = {}) {
  return store.app.request(path, { method: 'POST', headers: jsonHeaders(headers), body: JSON.stringify(body) });
}

/** A GET and its JSON body (typed by the caller: the test asserts the shape). */
export async function getJson<Body = unknown>(store: Store, path: string, headers: Record<string, string> = {}) {
  const res = await store.app.request(path, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
}
