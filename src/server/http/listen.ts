import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { collectWhenQuiet } from './quiet-collect.ts';

/**
 * The store's HTTP listener. A connection stays open this long without a request (ADR 093): longer
 * than a load balancer's idle timeout (60 s on the common ones), so the balancer, not the store,
 * closes an idle connection and never sends a request on one the store is closing. Node's 5 s
 * default lost that race to clients that keep sockets without reading the `Keep-Alive` hint.
 */
/**
 * `collect`: a full garbage collection (node's `gc` under `--expose-gc`), run once the store is
 * quiet after large bodies (quiet-collect.ts).
 */
export function listen(
  app: { fetch: Parameters<typeof serve>[0]['fetch'] },
  options: { port: number; hostname: string; keepAliveSeconds: number; collect?: () => void },
  onListening: (info: AddressInfo) => void,
): ServerType {
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname }, onListening);
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = options.keepAliveSeconds * 1000;
    // A kept connection's next request may take its headers' time on top of the idle time.
    server.headersTimeout = server.keepAliveTimeout + 1000;
    collectWhenQuiet(server, options.collect);
  }
  return server;
}
