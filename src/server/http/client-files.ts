import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { Env, Hono } from 'hono';
import { inlineScriptHashes } from './security-headers.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

interface ClientFile {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly type: string;
  readonly cacheControl: string;
  readonly etag: string;
}

export interface ClientFiles {
  readonly available: boolean;
  readonly scriptHashes: readonly string[];
  mount<E extends Env>(app: Hono<E>): void;
}

const SPA_FALLBACK = '__spa-fallback.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * The built client, held in memory: hashed assets cached for a year, prerendered pages
 * by their path, and the SPA fallback for every other page path.
 */
export function loadClientFiles(clientDir: string): ClientFiles {
  const files = new Map<string, ClientFile>();
  const hashes = new Set<string>();
  if (existsSync(join(clientDir, SPA_FALLBACK))) {
    for (const path of walk(clientDir)) {
      const urlPath = '/' + relative(clientDir, path).split(sep).join('/');
      const body = new Uint8Array(readFileSync(path));
      const ext = extname(path);
      if (ext === '.html') for (const hash of inlineScriptHashes(new TextDecoder().decode(body))) hashes.add(hash);
      files.set(urlPath, {
        body,
        type: MIME[ext] ?? 'application/octet-stream',
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      });
    }
  }

  function pageFor(pathname: string): ClientFile | undefined {
    const exact = files.get(pathname);
    if (exact) return exact;
    const trimmed = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    return files.get(`${trimmed}/index.html`) ?? files.get(`${trimmed}.html`);
  }

  return {
    available: files.size > 0,
    scriptHashes: [...hashes],
    mount(app) {
      app.on(['GET', 'HEAD'], '*', (c) => {
        const pathname = decodeURIComponent(new URL(c.req.url).pathname);
        const file =
          pageFor(pathname) ??
          (pathname.startsWith('/assets/') || extname(pathname) ? undefined : files.get(`/${SPA_FALLBACK}`));
        if (!file) return c.text('Not found', 404);
        const headers = { 'Content-Type': file.type, 'Cache-Control': file.cacheControl, ETag: file.etag };
        if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);
        return c.body(file.body, 200, headers);
      });
    },
  };
}
