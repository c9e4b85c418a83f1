import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './bootstrap.ts';
import { capturedLogger, type LogLine } from './testing/captured-logger.ts';
import { createTestStore, jsonHeaders } from './testing/test-store.ts';

describe('the store logger', () => {
  it("logs a failed query's error without its parameters (emails, IMEIs, tokens)", () => {
    const { logger, lines } = capturedLogger();
    const failed = Object.assign(
      new Error('Failed query: select 1 where email = $1\nparams: ana@example.com,356938035643809'),
      { params: ['ana@example.com', '356938035643809'] },
    );
    logger.warn({ err: failed }, 'query failed');
    logger.warn({ err: new Error('job failed', { cause: failed }) }, 'job failed');
    const line = JSON.stringify(lines.slice(-2));
    expect(line).toContain('Failed query: select 1 where email = $1');
    expect(line).not.toContain('ana@example.com');
    expect(line).not.toContain('356938035643809');
  });

  let store: Store;
  let lines: LogLine[];

  beforeAll(async () => {
    const captured = capturedLogger();
    lines = captured.lines;
    // Nothing listens on port 1: every delivery fails at once.
    store = await createTestStore('pglite', { config: { SMTP_URL: 'smtp://127.0.0.1:1' }, logger: captured.logger });
  });
  afterAll(() => store.close());

  const post = (path: string, body: unknown) =>
    store.app.request(path, { method: 'POST', headers: jsonHeaders(), body: JSON.stringify(body) });

  it('logs a mail delivery that fails during a request with its request id', async () => {
    const res = await post('/api/service-requests', {
      email: 'sam@example.com',
      imei: '356938035643809',
      brand: 'Sony',
      carrier: 'Telcel',
      country: 'MX',
    });
    expect(res.status).toBe(201);
    const reqId = res.headers.get('x-request-id');
    expect(reqId).toBeTruthy();
    // A first failure is a warning: the outbox retries it (a give-up is an error).
    expect(lines.filter((line) => line.msg?.startsWith('mail delivery failed'))).toEqual([
      expect.objectContaining({ reqId, level: 40 }),
    ]);
  });

  it('logs better-auth’s notes with the request id, which the auth answer carries too', async () => {
    const res = await post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'not-their-password' });
    expect(res.status).toBe(401);
    const reqId = res.headers.get('x-request-id');
    expect(reqId).toBeTruthy();
    const authLines = lines.filter((line) => line.auth === true);
    expect(authLines).toContainEqual(expect.objectContaining({ reqId }));
    expect(authLines.filter((line) => line.reqId !== reqId)).toEqual([]);
  });

  it('logs without a request id outside a request', () => {
    expect(lines.find((line) => line.msg === 'database ready')).not.toHaveProperty('reqId');
  });
});
