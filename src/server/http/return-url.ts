import type { Context } from 'hono';
import type { Config } from '../config.ts';

/**
 * Where links that send the browser back to the store (payment pages, their return and cancel
 * addresses) point: PUBLIC_URL when it is set; otherwise the address this browser used (behind a
 * trusted proxy, the one it forwarded), so a customer who opened the store at 127.0.0.1 or a LAN
 * address comes back to it, signed in.
 */
export function returnBaseUrl(c: Context, config: Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const own = new URL(c.req.url);
  if (!config.TRUST_PROXY) return own.origin;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() ?? '';
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim() ?? '';
  const scheme = proto === 'http' || proto === 'https' ? proto : own.protocol.slice(0, -1);
  try {
    return new URL(`${scheme}://${host || own.host}`).origin;
  } catch {
    // A forwarded host that is no host: the request's own address.
    return own.origin;
  }
}
