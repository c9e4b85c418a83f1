import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** Below this many bytes an answer goes out as it is: compressing it costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 2048;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * Gives a JSON answer its Content-Length. Hono's compress only skips small answers whose length it
 * knows, and c.json() answers with none, so without this every JSON answer was compressed.
 */
const sizeJsonAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (!res.body || res.headers.has('Content-Length') || !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
  const body = await res.arrayBuffer();
  const sized = new Response(body, res);
  sized.headers.set('Content-Length', String(body.byteLength));
  c.res = sized;
};

/** Compresses answers of at least the threshold (gzip or deflate, as the client accepts). */
export function compressLargeAnswers(): MiddlewareHandler[] {
  return [compress({ threshold: COMPRESSION_THRESHOLD_BYTES }), sizeJsonAnswers];
}
