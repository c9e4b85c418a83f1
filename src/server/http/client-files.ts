import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { Env, Hono } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { isPagePath, showsPrerenderedPage } from '../../domain/site-map.ts';
import { deferBoot, deferStylesheet, stylesheetHref } from './deferred-boot.ts';
import { type RenderPage, apiRequestFor } from './page-renderer.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers.ts';

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

/** A copy of a file compressed at build time (`scripts/precompress.mjs`). */
interface Encoded {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly etag: string;
}

interface ClientFile {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly type: string;
  readonly cacheControl: string;
  readonly etag: string;
  readonly encoded: Partial<Record<Encoding, Encoded>>;
  /** A page's own policy: only its own inline scripts may run (ADR 019). */
  readonly csp?: string;
}

/** Preferred first: Brotli is a fifth to a quarter smaller than gzip on the built files. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const ENCODED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The best precompressed copy the request's Accept-Encoding allows, if the file has one. */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map(parseAccept(acceptEncoding).map((entry) => [entry.type.toLowerCase(), entry.q]));
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ENCODINGS) {
    if (available.includes(encoding) && (accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return null;
}

/**
 * Who may load a page: null for anyone, otherwise the status the page answers with for this request
 * (200 lets it through; 401 and 403 answer the page with that status, which then asks the visitor
 * to sign in or says the page is not theirs, ADR 072).
 */
export type PageAccess = (request: Request, pathname: string) => Promise<200 | 401 | 403> | null;

export interface ClientFiles {
  readonly available: boolean;
  mount<E extends Env>(app: Hono<E>, access?: PageAccess): void;
}

const HOME_PAGE = 'index.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Kept, but asked again (a 304 when unchanged) before each use: what `public, max-age=0,
// must-revalidate` said, in 26 bytes fewer of every page's first round trip (ADR 019).
const REVALIDATE = 'no-cache';

/**
 * A page rendered for one request (ADR 102): private, its own inline scripts named in its policy, the
 * status the server chose. Redirects and the router's data answers pass as they are, kept private.
 */
async function renderedAnswer(
  rendered: Response,
  status: number,
  stylesheet: (href: string) => string | undefined,
): Promise<Response> {
  const headers = new Headers(rendered.headers);
  headers.set('Cache-Control', 'private, no-store');
  if (!headers.get('Content-Type')?.startsWith('text/html') || !rendered.body)
    return new Response(rendered.body, { status: rendered.status, headers });
  const page = await rendered.text();
  // A page whose content came with it paints first, its stylesheet inline, then starts its scripts;
  // one whose content the browser still has to fetch starts them at once, as the router wrote the
  // page, as the app shell did (ADR 102).
  const html = page.includes(CONTENT_FIRST) ? deferBoot(withStylesheetInline(page, stylesheet)) : page;
  headers.set('Content-Type', MIME['.html']!);
  headers.set('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(html)));
  return new Response(html, { status, headers });
}

/** Marks a page whose answer holds its content (the root layout, from its routes' `handle`). */
const CONTENT_FIRST = '<body data-content-first="">';

/** The page with its whole stylesheet inline, its link kept for the head to hydrate against. */
function withStylesheetInline(html: string, stylesheet: (href: string) => string | undefined): string {
  const href = stylesheetHref(html);
  const css = href === undefined ? undefined : stylesheet(href);
  return css === undefined ? html : deferStylesheet(html, css);
}

/** The request's path, percent-decoded; null when the encoding is malformed. */
function decodedPath(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * The built client, held in memory: hashed assets cached for a year, prerendered pages by their
 * path; every other page path rendered per request by `pages` (ADR 102).
 */
export function loadClientFiles(clientDir: string, pages?: RenderPage | null): ClientFiles {
  const files = new Map<string, ClientFile>();
  if (existsSync(join(clientDir, HOME_PAGE))) {
    const paths = walk(clientDir);
    const present = new Set(paths);
    const isCopy = (path: string) =>
      ENCODINGS.some((encoding) => {
        const suffix = ENCODED_SUFFIX[encoding];
        return path.endsWith(suffix) && present.has(path.slice(0, -suffix.length));
      });
    for (const path of paths) {
      if (isCopy(path)) continue;
      const urlPath = '/' + relative(clientDir, path).split(sep).join('/');
      const body = new Uint8Array(readFileSync(path));
      const ext = extname(path);
      const etag = createHash('sha1').update(body).digest('base64url');
      const encoded: Partial<Record<Encoding, Encoded>> = {};
      for (const encoding of ENCODINGS) {
        const copy = `${path}${ENCODED_SUFFIX[encoding]}`;
        // Each representation has its own strong validator (RFC 9110 section 8.8.3).
        if (present.has(copy))
          encoded[encoding] = { body: new Uint8Array(readFileSync(copy)), etag: `"${etag}-${encoding}"` };
      }
      files.set(urlPath, {
        body,
        type: MIME[ext] ?? 'application/octet-stream',
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
        etag: `"${etag}"`,
        encoded,
        csp: ext === '.html' ? contentSecurityPolicy(inlineScriptHashes(new TextDecoder().decode(body))) : undefined,
      });
    }
  }

  const decoder = new TextDecoder();
  const stylesheets = new Map<string, string>();
  const stylesheet = (href: string) => {
    const file = files.get(href);
    if (!file || file.type !== MIME['.css']) return undefined;
    if (!stylesheets.has(href)) stylesheets.set(href, decoder.decode(file.body));
    return stylesheets.get(href);
  };

  function pageFor(pathname: string): ClientFile | undefined {
    const exact = files.get(pathname);
    if (exact) return exact;
    const trimmed = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    return files.get(`${trimmed}/index.html`) ?? files.get(`${trimmed}.html`);
  }

  return {
    available: files.size > 0,
    mount(app, access) {
      app.on(['GET', 'HEAD'], '*', async (c) => {
        const url = new URL(c.req.url);
        const pathname = decodedPath(url);
        if (pathname === null) return c.text('Bad request', 400);
        const guarded = access?.(c.req.raw, pathname) ?? null;
        const status: 200 | 401 | 403 = guarded ? await guarded : 200;
        const file = showsPrerenderedPage(pathname, url.searchParams) ? pageFor(pathname) : undefined;
        if (!file) {
          if (!pages || pathname.startsWith('/assets/') || (extname(pathname) && !pathname.endsWith('.data')))
            return c.text('Not found', 404);
          const rendered = await pages(c.req.raw, {
            api: (path) => Promise.resolve(app.fetch(apiRequestFor(c.req.raw, path), c.env)),
          });
          // The 404 screen for a path no page takes; the sign-in or not-yours screen for a refused one.
          const shown = status === 200 && !isPagePath(pathname) ? 404 : status;
          const pageStatus = rendered.status === 200 ? shown : rendered.status;
          return renderedAnswer(rendered, pageStatus, stylesheet);
        }
        const available = ENCODINGS.filter((encoding) => file.encoded[encoding]);
        const encoding = chooseEncoding(c.req.header('accept-encoding'), available);
        const copy = encoding ? file.encoded[encoding] : undefined;
        const etag = copy?.etag ?? file.etag;
        const headers: Record<string, string> = {
          'Content-Type': file.type,
          'Cache-Control': file.cacheControl,
          ETag: etag,
        };
        if (available.length > 0) headers.Vary = 'Accept-Encoding';
        if (file.csp) headers['Content-Security-Policy'] = file.csp;
        if (encoding && copy) headers['Content-Encoding'] = encoding;
        // A page kept from the signed-in few is never stored by a shared cache.
        if (guarded) headers['Cache-Control'] = 'private, no-store';
        if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
        return c.body(copy?.body ?? file.body, status, headers);
      });
    },
  };
}
