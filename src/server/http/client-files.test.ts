import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, loadClientFiles } from './client-files.ts';

describe('chooseEncoding', () => {
  it.each([
    { accept: undefined, available: ['br', 'gzip'], expected: null },
    { accept: 'gzip, deflate, br, zstd', available: ['br', 'gzip'], expected: 'br' },
    { accept: 'gzip, deflate', available: ['br', 'gzip'], expected: 'gzip' },
    { accept: 'br;q=0, gzip;q=0.8', available: ['br', 'gzip'], expected: 'gzip' },
    { accept: 'BR', available: ['br', 'gzip'], expected: 'br' },
    { accept: '*', available: ['gzip'], expected: 'gzip' },
    { accept: 'identity', available: ['br', 'gzip'], expected: null },
    { accept: 'gzip, br', available: [], expected: null },
  ] as const)('$accept with $available → $expected', ({ accept, available, expected }) => {
    expect(chooseEncoding(accept, available)).toBe(expected);
  });
});

describe('built client files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openline-client-'));
  const page = `<!doctype html><title>Home</title><script>document.title='Home'</script>${'<p>OpenLine unlocks phones.</p>'.repeat(200)}`;
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;
  const app = new Hono();

  beforeAll(() => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), page);
    mkdirSync(join(dir, 'auth'));
    writeFileSync(join(dir, 'auth', 'index.html'), '<!doctype html><title>Sign In</title>');
    writeFileSync(
      join(dir, '__spa-fallback.html'),
      "<!doctype html><title>App</title><script>document.title='App'</script>",
    );
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
    const run = spawnSync(process.execPath, ['scripts/precompress.mjs', dir], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    loadClientFiles(dir).mount(app);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes Brotli and gzip copies of large files only', () => {
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'app-1a2b.js.gz'))).toBe(true);
    expect(existsSync(join(dir, '__spa-fallback.html.br'))).toBe(false);
  });

  it('sends the Brotli copy to a browser that accepts it, with its own validator', async () => {
    const res = await app.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('etag')).toMatch(/-br"$/);
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);

    const again = await app.request('/', {
      headers: { 'accept-encoding': 'br', 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('sends gzip to a client without Brotli, and the file itself to one that accepts neither', async () => {
    const gzip = await app.request('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request('/assets/app-1a2b.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('never serves a compressed copy under its own name as a page', async () => {
    const res = await app.request('/index.html.br');
    expect(res.status).toBe(404);
  });

  it('answers other page paths with the app shell', async () => {
    const res = await app.request('/dashboard');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>App</title>');
  });

  it('answers a prerendered page asked for another state than its HTML shows with the app shell (ADR 100)', async () => {
    for (const path of ['/auth', '/auth?redirectTo=%2Fdashboard', '/auth?mode=signin']) {
      expect(await (await app.request(path)).text(), path).toContain('<title>Sign In</title>');
    }
    for (const path of ['/auth?mode=signup', '/auth/?redirectTo=%2Forder%2Fx&mode=signup']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<title>App</title>');
    }
  });

  it('answers a path that is no page with the app shell (its 404 screen) and status 404', async () => {
    for (const path of ['/no/such/page', '/dashboard/extra', '/pay']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<title>App</title>');
    }
    expect((await app.request('/pay/cs_sbx_1')).status).toBe(200);
  });

  it('refuses a malformed percent-encoding with 400', async () => {
    expect((await app.request('/%E0%A4%A')).status).toBe(400);
  });

  it('lets each page run only its own inline scripts, and gives files no page policy', async () => {
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    const home = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const shell = (await app.request('/dashboard')).headers.get('content-security-policy') ?? '';
    expect(home).toContain(`script-src 'self' ${hash("document.title='Home'")};`);
    expect(shell).toContain(`script-src 'self' ${hash("document.title='App'")};`);
    expect(home).not.toContain(hash("document.title='App'"));
    expect((await app.request('/assets/app-1a2b.js')).headers.get('content-security-policy')).toBeNull();
  });
});
