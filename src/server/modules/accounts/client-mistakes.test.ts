import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../bootstrap.ts';
import { LOG_LEVEL, capturedLogger, type LogLine } from '../../testing/captured-logger.ts';
import { createTestStore, jsonHeaders } from '../../testing/test-store.ts';

/** A refusal the client caused is worth a warning for whoever watches the store, never an error page. */
describe('client mistakes in the log', () => {
  let store: Store;
  let lines: LogLine[];

  beforeAll(async () => {
    const captured = capturedLogger();
    lines = captured.lines;
    store = await createTestStore('pglite', { logger: captured.logger });
  });
  afterAll(() => store.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    store.app.request(path, { method: 'POST', headers: jsonHeaders(headers), body: JSON.stringify(body) });
  const errors = () => lines.filter((line) => line.level >= LOG_LEVEL.error);
  const warnings = () => lines.filter((line) => line.level === LOG_LEVEL.warn).map((line) => line.msg);

  it('logs a sign-in from a foreign origin (CSRF refusal) as a warning', async () => {
    const res = await post(
      '/api/auth/sign-in/email',
      { email: 'someone@example.com', password: 'whatever-2026' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(errors()).toEqual([]);
    expect(warnings()).toContainEqual(expect.stringContaining('Invalid origin'));
  });

  it('logs a foreign callback URL as a warning', async () => {
    const res = await post('/api/auth/sign-up/email', {
      email: 'callback@example.com',
      password: 'callback2026',
      name: 'C',
      callbackURL: 'https://evil.example/welcome',
    });
    expect(res.status).toBe(403);
    expect(errors()).toEqual([]);
    expect(warnings()).toContainEqual(expect.stringContaining('Invalid callbackURL'));
  });

  it('logs a foreign password-reset redirect as a warning', async () => {
    const res = await post('/api/auth/request-password-reset', {
      email: 'callback@example.com',
      redirectTo: 'https://evil.example/reset',
    });
    expect(res.status).toBe(403);
    expect(errors()).toEqual([]);
    expect(warnings()).toContainEqual(expect.stringContaining('Invalid redirectURL'));
  });

  it('hands a failure inside better-auth to the store’s error handler instead of an empty 500', async () => {
    // Straight to better-auth, past the guard that refuses a NUL: PostgreSQL then fails the lookup.
    const failing = store.deps.auth.handler(
      new Request('http://localhost:3000/api/auth/reset-password', {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ token: 'a\u0000b', newPassword: 'fuzzing2026' }),
      }),
    );
    await expect(failing).rejects.toThrow(/Failed query/);
  });

  it('still answers a refusal with better-auth’s own body', async () => {
    const res = await post('/api/auth/reset-password', { token: 'no-such-token', newPassword: 'fuzzing2026' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(errors()).toEqual([]);
  });

  it('logs a cross-site navigation sign-in as a warning', async () => {
    const res = await store.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
      body: JSON.stringify({ email: 'someone@example.com', password: 'whatever-2026' }),
    });
    expect(res.status).toBe(403);
    expect(errors()).toEqual([]);
    expect(warnings()).toContainEqual(expect.stringContaining('cross-site'));
  });
});
