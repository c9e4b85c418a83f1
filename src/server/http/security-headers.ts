import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** JSON data blocks (JSON-LD) never run. The loader's `text/plain` copy of the boot module does. */
const isJsonBlock = (attributes: string) => /\btype=["']?[\w+./-]*json["'\s>]/i.test(`${attributes}>`);

/** sha256 sources for the inline scripts a built page runs (theme, router context, boot, loader). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const body = match[2] ?? '';
    if (!isJsonBlock(match[1] ?? '') && body.trim())
      hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // Radix and sonner position popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // connect-src falls back to default-src 'self': naming it again cost every page 20 bytes.
    'frame-src https://www.youtube-nocookie.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** `csp` covers every answer that does not bring its own policy (a built page brings its own). */
export function securityHeaders(options: { csp: string; trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', options.csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    const https =
      new URL(c.req.url).protocol === 'https:' || (options.trustProxy && c.req.header('x-forwarded-proto') === 'https');
    if (https) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
