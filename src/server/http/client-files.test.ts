import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, loadClientFiles } from './client-files.ts';
import type { RenderPage } from './page-renderer.ts';

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
  const css = 'body{color:red}';
  // The router's request handler, as the built app's: the page asks the API in-process for who is asking.
  const renderPage: RenderPage = async (request, context) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/dashboard' && !request.headers.get('cookie'))
      return new Response(null, { status: 302, headers: { Location: '/auth' } });
    const who = (await (await context.api?.('/api/who'))?.text()) ?? 'no API';
    const html =
      '<!doctype html><html><head><title>App</title><link rel="modulepreload" href="/assets/app-1a2b.js"/>' +
      `<link rel="stylesheet" href="/assets/app-9f8e.css"/><script>document.title='App'</script></head>` +
      `<body${who === 'frame' ? '' : ' data-content-first=""'}><p>${who} on ${pathname}</p>` +
      '<script>window.__reactRouterContext = {};</script>' +
      '<script type="module">import("/assets/app-1a2b.js");</script></body></html>';
    return new Response(html, { headers: { 'Content-Type': 'text/html' } });
  };

  beforeAll(() => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), page);
    mkdirSync(join(dir, 'auth'));
    writeFileSync(join(dir, 'auth', 'index.html'), '<!doctype html><title>Sign In</title>');
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), script);
    writeFileSync(join(dir, 'assets', 'app-9f8e.css'), css);
    const run = spawnSync(process.execPath, ['scripts/precompress.mjs', dir], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    app.get('/api/who', (c) => c.text(c.req.header('cookie') ?? 'nobody'));
    loadClientFiles(dir, renderPage).mount(app);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes Brotli and gzip copies of large files only', () => {
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'app-1a2b.js.gz'))).toBe(true);
    expect(existsSync(join(dir, 'auth', 'index.html.br'))).toBe(false);
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

  it('renders other page paths for the request, privately, the page asking the API as its visitor (ADR 102)', async () => {
    const res = await app.request('/dashboard', { headers: { cookie: 'session=abc' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('<p>session=abc on /dashboard</p>');
    // Nothing stands before the first paint: the stylesheet inline, the scripts started after it.
    expect(html).toContain(`<style>${css}</style><link rel="stylesheet" data-href="/assets/app-9f8e.css"/>`);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<script type="text/plain" id="app-boot">import("/assets/app-1a2b.js");</script>');
    // A page whose content the browser still has to fetch starts its scripts at once.
    const frame = await (await app.request('/pay/cs_sbx_1', { headers: { cookie: 'frame' } })).text();
    expect(frame).toContain('<script type="module">import("/assets/app-1a2b.js");</script>');
    expect(frame).toContain('<link rel="modulepreload" href="/assets/app-1a2b.js"/>');
    expect(frame).toContain('<link rel="stylesheet" href="/assets/app-9f8e.css"/>');
    // A redirect the page asks for goes out as it is.
    const signedOut = await app.request('/dashboard');
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe('/auth');
  });

  it('renders a prerendered page asked for another state than its HTML shows (ADR 100)', async () => {
    for (const path of ['/auth', '/auth?redirectTo=%2Fdashboard', '/auth?mode=signin']) {
      expect(await (await app.request(path)).text(), path).toContain('<title>Sign In</title>');
    }
    for (const path of ['/auth?mode=signup', '/auth/?redirectTo=%2Forder%2Fx&mode=signup']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<title>App</title>');
    }
  });

  it('answers a path that is no page with its rendered 404 screen and status 404, and no file with 404', async () => {
    for (const path of ['/no/such/page', '/dashboard/extra', '/pay']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('<title>App</title>');
    }
    expect((await app.request('/pay/cs_sbx_1')).status).toBe(200);
    expect((await app.request('/assets/missing.js')).status).toBe(404);
    expect((await app.request('/robots.txt')).status).toBe(404);
  });

  it('refuses a malformed percent-encoding with 400', async () => {
    expect((await app.request('/%E0%A4%A')).status).toBe(400);
  });

  it('lets each page run only its own inline scripts, and gives files no page policy', async () => {
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    const home = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const rendered = await app.request('/dashboard', { headers: { cookie: 'session=abc' } });
    const shell = rendered.headers.get('content-security-policy') ?? '';
    expect(home).toContain(`script-src 'self' ${hash("document.title='Home'")};`);
    expect(shell).toContain(hash("document.title='App'"));
    // The boot module (kept in a text/plain script) and the loader that starts it after the first paint.
    const inline = [...(await rendered.text()).matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1]!)
      .filter(Boolean);
    expect(inline).toHaveLength(3);
    for (const body of inline) expect(shell).toContain(hash(body));
    expect(home).not.toContain(hash("document.title='App'"));
    expect((await app.request('/assets/app-1a2b.js')).headers.get('content-security-policy')).toBeNull();
  });
});
