import type { IncomingMessage, ServerResponse } from 'node:http';

/** A body this large (or one of unknown length) leaves buffers only a full collection frees. */
export const LARGE_BODY_BYTES = 256 * 1024;
/** How long the server must be quiet after such a body before it collects. */
export const QUIET_COLLECT_MS = 5_000;

function hasLargeBody(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return length >= LARGE_BODY_BYTES || req.headers['transfer-encoding'] !== undefined;
}

/**
 * A full garbage collection once the server has been quiet for `quietMs` after a large body (ADR
 * 093). Uploaded bodies live outside V8's heap; V8 collects them only when its heap grows or 64 MB
 * more of them have been made since the last collection, so after a burst of uploads an idle
 * process held up to 100 MB it no longer used for a minute or more. Busy, the store collects as
 * always; quiet, it gives the memory back within seconds. Without `collect` (node run without
 * `--expose-gc`) nothing is watched.
 */
export function collectWhenQuiet(
  server: { on(event: 'request', listener: (req: IncomingMessage, res: ServerResponse) => void): unknown },
  collect: (() => void) | undefined,
  quietMs = QUIET_COLLECT_MS,
): void {
  if (!collect) return;
  let owed = false;
  let timer: NodeJS.Timeout | undefined;
  // Every request that starts or ends puts the collection off; an open live stream does not.
  const putOff = () => {
    clearTimeout(timer);
    if (!owed) return;
    timer = setTimeout(() => {
      owed = false;
      collect();
    }, quietMs);
    timer.unref();
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (hasLargeBody(req)) owed = true;
    putOff();
    res.once('close', putOff);
  });
}
