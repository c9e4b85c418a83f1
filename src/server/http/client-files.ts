import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { Env, Hono } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { getSessionCookie } from 'better-auth/cookies';
import { ACCOUNT_ORDERS_API_PATH, orderAccessOf, orderApiPath } from '../../domain/order-page.ts';
import { isPagePath, showsPrerenderedPage } from '../../domain/site-map.ts';
import {
  type DataPreloads,
  type PageRequest,
  readRouterManifest,
  routePreloads,
  scriptsNamedIn,
} from './route-preloads.ts';
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

/**
 * The first data of the pages that ask for their own as they render, named with the route's
 * scripts (ADR 092): the order on the order page, a check's result page and the eSIM receipt, and
 * the signed-in dashboard's orders.
 */
const orderData = (id: string | null | undefined, token: string | null) => {
  const access = orderAccessOf(id ?? '', token);
  return access.orderId ? [orderApiPath(access)] : [];
};
const orderInPath = ({ params, query }: PageRequest) => orderData(params.id, query.get('token'));
const orderInQuery = ({ query }: PageRequest) => orderData(query.get('order'), query.get('token'));
const PAGE_DATA: DataPreloads['pages'] = {
  'routes/order': orderInPath,
  'routes/imei-check-result': orderInPath,
  'esim-receipt': orderInQuery,
  'esim-receipt-alias': orderInQuery,
  'routes/dashboard': ({ signedIn }) => (signedIn ? [ACCOUNT_ORDERS_API_PATH] : []),
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
 * (200 lets it through; 401 and 403 serve the app shell with that status, which then asks the
 * visitor to sign in or says the page is not theirs, ADR 072).
 */
export type PageAccess = (request: Request, pathname: string) => Promise<200 | 401 | 403> | null;

export interface ClientFiles {
  readonly available: boolean;
  mount<E extends Env>(app: Hono<E>, access?: PageAccess): void;
}

const SPA_FALLBACK = '__spa-fallback.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Kept, but asked again (a 304 when unchanged) before each use: what `public, max-age=0,
// must-revalidate` said, in 26 bytes fewer of every page's first round trip (ADR 019).
const REVALIDATE = 'no-cache';

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
 * The built client, held in memory: hashed assets cached for a year, prerendered pages
 * by their path, and the SPA fallback for every other page path.
 */
export function loadClientFiles(clientDir: string): ClientFiles {
  const files = new Map<string, ClientFile>();
  if (existsSync(join(clientDir, SPA_FALLBACK))) {
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

  // The app shell's page names its route's scripts and first data in a Link header (ADR 092).
  const manifest = readRouterManifest(clientDir);
  const shell = files.get(`/${SPA_FALLBACK}`);
  const preloadsFor =
    manifest && shell
      ? routePreloads(manifest, scriptsNamedIn(new TextDecoder().decode(shell.body)), {
          under: 'routes/store-layout',
          paths: ['/api/me'],
          pages: PAGE_DATA,
        })
      : () => null;

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
        let status: 200 | 401 | 403 | 404 = guarded ? await guarded : 200;
        let file = showsPrerenderedPage(pathname, url.searchParams) ? pageFor(pathname) : undefined;
        let link: string | null = null;
        if (!file && !pathname.startsWith('/assets/') && !extname(pathname)) {
          file = files.get(`/${SPA_FALLBACK}`);
          link = preloadsFor(pathname, {
            query: url.searchParams,
            signedIn: Boolean(getSessionCookie(c.req.raw.headers)),
          });
          // The app shell draws the 404 screen; the status tells crawlers and tools the same.
          if (!isPagePath(pathname) && status === 200) status = 404;
        }
        if (!file) return c.text('Not found', 404);
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
        if (link) headers.Link = link;
        if (encoding && copy) headers['Content-Encoding'] = encoding;
        // A page kept from the signed-in few is never stored by a shared cache.
        if (guarded) headers['Cache-Control'] = 'private, no-store';
        if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
        return c.body(copy?.body ?? file.body, status, headers);
      });
    },
  };
}
