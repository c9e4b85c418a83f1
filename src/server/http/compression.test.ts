import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES, compressLargeAnswers } from './compression.ts';

const app = new Hono();
app.use(...compressLargeAnswers());
app.get('/small', (c) => c.json({ status: 'ok' }));
app.get('/large', (c) => c.json({ rows: 'x'.repeat(COMPRESSION_THRESHOLD_BYTES * 2) }));
app.get('/cookie', (c) => {
  c.header('Set-Cookie', 'a=1; Path=/');
  return c.json({ ok: true });
});

const gzip = { headers: { 'accept-encoding': 'gzip' } };

describe('compression', () => {
  it('sends a small JSON answer as it is, with its length', async () => {
    const res = await app.request('/small', gzip);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String('{"status":"ok"}'.length));
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('compresses a large JSON answer for a client that accepts gzip', async () => {
    const res = await app.request('/large', gzip);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-length')).toBeNull();
  });

  it('keeps the headers a route set', async () => {
    const res = await app.request('/cookie', gzip);
    expect(res.headers.get('set-cookie')).toBe('a=1; Path=/');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
