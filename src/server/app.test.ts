import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './bootstrap.ts';
import { DATABASE_AWAY_MESSAGE } from './errors.ts';
import { capturedLogger } from './testing/captured-logger.ts';
import { createTestStore, jsonHeaders, postJson } from './testing/test-store.ts';
import { testDbKinds } from './testing/test-db.ts';

describe.each(testDbKinds())('API platform on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore(kind, { config: { BODY_LIMIT_BYTES: '2048' } });
  });
  afterAll(() => store.close());

  it('reports health with the database kind and version', async () => {
    const res = await store.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, db: kind, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await store.app.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No API route for GET /api/no-such-thing' },
    });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await store.app.request('/api/catalog/normalize/brand', {
      method: 'POST',
      headers: jsonHeaders(),
      body: '{"input_brand":',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('MALFORMED_JSON');
  });

  it('answers schema failures with 400 and per-field messages', async () => {
    const res = await store.app.request('/api/catalog/normalize/brand', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ input_brand: 42 }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fieldErrors.input_brand).toHaveLength(1);
  });

  it('answers bodies over the limit with 413', async () => {
    const res = await store.app.request('/api/catalog/normalize/brand', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ input_brand: 'x'.repeat(4096) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends security headers on every response', async () => {
    const res = await store.app.request('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS only over TLS', async () => {
    const res = await store.app.request('https://shop.example/api/health');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('publishes an OpenAPI 3.1 document generated from the schemas', async () => {
    const res = await store.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/me', '/api/catalog/carriers', '/api/catalog/normalize/carrier']),
    );
  });

  it('serves the interactive API reference', async () => {
    const page = await store.app.request('/api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/docs/swagger-ui-bundle.js');
    const bundle = await store.app.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });

  it('answers 503 with ok:false when the database is unreachable', async () => {
    // No job workers: a job running when its database goes away would fail with nobody to hear it.
    const { logger, lines } = capturedLogger();
    const broken = await createTestStore(kind, { jobs: { workers: false }, logger });
    await broken.deps.database.close();
    const res = await broken.app.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, db: kind });
    const ready = await broken.app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toEqual({
      ok: false,
      checks: { accepting: true, database: false, queue: false, migrations: false },
    });
    expect((await broken.app.request('/api/health/live')).status).toBe(200);
    // The API says so plainly, with when to try again, and logs one warning for the lot.
    for (let i = 0; i < 3; i++) {
      const quote = await postJson(broken, '/api/quotes', {
        imei: '356938035643809',
        brand: 'Apple',
        model: 'iPhone 15',
        network: 'AT&T',
        country: 'US',
      });
      expect(quote.status).toBe(503);
      expect(quote.headers.get('retry-after')).toBe('5');
      expect((await quote.json()).error).toMatchObject({ code: 'UNAVAILABLE', message: DATABASE_AWAY_MESSAGE });
    }
    expect(lines.filter((line) => line.msg === 'unhandled error')).toEqual([]);
    expect(
      lines.filter((line) => String(line.msg).startsWith('the database is unreachable')).length,
    ).toBeLessThanOrEqual(1);
    // Stops its job workers too (their database is gone, so closing itself may fail).
    await broken.close().catch(() => {});
  });

  it('is live and ready with its database, queue and every migration, and not ready with a migration missing', async () => {
    const other = await createTestStore(kind, { jobs: { workers: false } });
    try {
      expect(await (await other.app.request('/api/health/live')).json()).toEqual({ ok: true });
      const ready = await other.app.request('/api/health/ready');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        ok: true,
        checks: { accepting: true, database: true, queue: true, migrations: true },
      });
      // A migration the build carries but the database lacks: not ready.
      await other.deps.database.sql.executeSql(
        'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)',
      );
      const behind = await other.app.request('/api/health/ready');
      expect(behind.status).toBe(503);
      expect((await behind.json()).checks).toEqual({ accepting: true, database: true, queue: true, migrations: false });
    } finally {
      await other.close();
    }
  });
});
