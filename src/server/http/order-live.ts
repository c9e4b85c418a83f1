import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  ORDER_STREAM_EVENT,
  ORDER_STREAM_KEEPALIVE_MS,
  ORDER_STREAM_RETRY_MS,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  parseLastEventId,
  shareLinksAnswerSchema,
  shareLinkSchema,
  sharedOrderSchema,
  shareTokenSchema,
} from '../../domain/order-tracking.ts';
import { TEXT_MAX, boundedText } from '../../domain/text.ts';
import { AppError } from '../errors.ts';
import { sessionUser } from '../modules/accounts/service.ts';
import { type Order, orderForViewer } from '../modules/orders/service.ts';
import { sharedOrder } from '../kinds/order-answer.ts';
import { createShareLink, revokeShareLink, shareLinksOf } from '../modules/orders/shares.ts';
import type { ApiApp, AppDeps, AppEnv } from './context.ts';
import { ACCESS, json, rateLimits } from './route-kit.ts';
import { orderStreams } from '../metrics.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Order not found.';
/** Share links one client address may make a minute: far above an owner's needs. */
const SHARE_LINKS_PER_MINUTE = 20;

export const orderParams = z.object({ id: boundedText(TEXT_MAX.name) });
export const tokenQuery = z.object({ token: boundedText(TEXT_MAX.token).optional() });
const notFound = { description: 'No such order, or not yours (the two are indistinguishable)' };

/**
 * The order, if the caller may follow it: they hold its access token or are its signed-in
 * owner. A missing order and someone else's take the same path (one order read, then the session)
 * and answer the same 404.
 */
export async function ownOrder(
  deps: AppDeps,
  c: Context<AppEnv>,
  id: string,
  token: string | undefined,
): Promise<Order> {
  c.header('Cache-Control', 'private, no-store');
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const orderId = id.toLowerCase();
  let order = token ? await orderForViewer(deps.database.db, orderId, { token }) : null;
  if (!order) {
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    if (user) order = await orderForViewer(deps.database.db, orderId, { userId: user.id });
  }
  if (!order) throw new AppError('NOT_FOUND', NOT_FOUND);
  return order;
}

async function ownOrderId(deps: AppDeps, c: Context<AppEnv>, id: string, token: string | undefined): Promise<string> {
  return (await ownOrder(deps, c, id, token)).id;
}

const eventsRoute = createRoute({
  method: 'get',
  path: '/api/orders/{id}/events',
  security: ACCESS.orderHolder,
  tags: ['orders'],
  summary: 'The order’s events as server-sent events, live; resumes after the `Last-Event-ID` header',
  description:
    `Each event is named \`${ORDER_STREAM_EVENT}\`, has the order event's id as its SSE id and the event ` +
    '(`id`, `status`, `message`, `created_at`) as JSON data. Without `Last-Event-ID` the stream starts ' +
    'with every past event. A comment line keeps the connection alive every 25 s.',
  request: { params: orderParams, query: tokenQuery },
  responses: {
    200: { description: 'An endless event stream', content: { 'text/event-stream': { schema: z.string() } } },
    404: notFound,
  },
});

const sharesRoute = createRoute({
  method: 'get',
  path: '/api/orders/{id}/shares',
  security: ACCESS.orderHolder,
  tags: ['orders'],
  summary: 'The order’s live share links, for its owner',
  request: { params: orderParams, query: tokenQuery },
  responses: { 200: { description: 'Share links, oldest first', ...json(shareLinksAnswerSchema) }, 404: notFound },
});

const createShareRoute = createRoute({
  method: 'post',
  path: '/api/orders/{id}/shares',
  security: ACCESS.orderHolder,
  tags: ['orders'],
  summary: 'Makes a read-only share link of the order (its owner only)',
  request: { params: orderParams, query: tokenQuery },
  responses: {
    201: { description: 'The new link', ...json(shareLinkSchema) },
    404: notFound,
    409: { description: 'The order already has the most live share links (5)' },
    429: { description: 'Too many share links made from this address' },
  },
});

const revokeShareRoute = createRoute({
  method: 'delete',
  path: '/api/orders/{id}/shares/{shareId}',
  security: ACCESS.orderHolder,
  tags: ['orders'],
  summary: 'Revokes one of the order’s share links (its owner only)',
  request: { params: orderParams.extend({ shareId: boundedText(TEXT_MAX.name) }), query: tokenQuery },
  responses: {
    200: { description: 'Revoked; the links still live', ...json(shareLinksAnswerSchema) },
    404: { description: 'No such order or link, or not yours' },
  },
});

const sharedOrderRoute = createRoute({
  method: 'get',
  path: '/api/shares/{token}',
  security: ACCESS.anyone,
  tags: ['orders'],
  summary: 'What a share link shows: state, history and estimate; no email, result, amounts or payment',
  request: { params: z.object({ token: shareTokenSchema }) },
  responses: {
    200: { description: 'The shared order', ...json(sharedOrderSchema) },
    404: { description: 'No such link, or revoked' },
  },
});

/** Live order events (SSE) and share links (issue 11 §1, §3; ADR 036, 037). */
/** How soon a browser reconnects when its stream ended for a restart: at once, to another instance. */
export const ORDER_STREAM_DRAIN_RETRY_MS = 250;

export function orderLiveRoutes(app: ApiApp, deps: AppDeps) {
  const db = deps.database.db;

  app.openapi(eventsRoute, async (c) => {
    const { id } = c.req.valid('param');
    const orderId = await ownOrderId(deps, c, id, c.req.valid('query').token);
    const afterId = parseLastEventId(c.req.header('Last-Event-ID'));
    c.header('Cache-Control', 'no-cache, no-transform');
    // Proxies such as nginx would otherwise hold events back in their buffers.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const aborted = new Promise<void>((resolve) => stream.onAbort(resolve));
      orderStreams.inc();
      let counted = true;
      const uncount = () => {
        if (counted) orderStreams.dec();
        counted = false;
      };
      void aborted.then(uncount);
      // The instance shutting down ends the stream at once: the browser reconnects (elsewhere) after its retry.
      let onDrain = () => {};
      const drained = new Promise<void>((resolve) => {
        onDrain = resolve;
        if (deps.draining.aborted) resolve();
        else deps.draining.addEventListener('abort', onDrain, { once: true });
      });
      const closed = Promise.race([aborted, drained]);
      await stream.write(`retry: ${ORDER_STREAM_RETRY_MS}\n\n`);
      // Writes go out one after another, in the order the hub hands events over.
      let writing = Promise.resolve();
      const unsubscribe = await deps.orderEvents.subscribe(orderId, afterId, (events) => {
        for (const event of events) {
          const data = JSON.stringify({
            id: event.id,
            status: event.status,
            message: event.message,
            created_at: event.createdAt.toISOString(),
          });
          writing = writing.then(() => stream.writeSSE({ id: String(event.id), event: ORDER_STREAM_EVENT, data }));
        }
      });
      const keepAlive = setInterval(() => {
        writing = writing.then(async () => {
          await stream.write(': keep-alive\n\n');
        });
      }, ORDER_STREAM_KEEPALIVE_MS);
      try {
        await closed;
      } finally {
        clearInterval(keepAlive);
        deps.draining.removeEventListener('abort', onDrain);
        unsubscribe();
        uncount();
        if (deps.draining.aborted && !stream.aborted) {
          await writing;
          await stream.write(`retry: ${ORDER_STREAM_DRAIN_RETRY_MS}\n: this server is restarting\n\n`);
        }
      }
    }) as never;
  });

  app.openapi(sharesRoute, async (c) => {
    const orderId = await ownOrderId(deps, c, c.req.valid('param').id, c.req.valid('query').token);
    return c.json({ links: await shareLinksOf(db, orderId) }, 200);
  });

  const limitShares = rateLimits(deps)('order-shares', SHARE_LINKS_PER_MINUTE);
  app.use('/api/orders/:id/shares', (c, next) => (c.req.method === 'POST' ? limitShares(c, next) : next()));
  app.openapi(createShareRoute, async (c) => {
    const orderId = await ownOrderId(deps, c, c.req.valid('param').id, c.req.valid('query').token);
    return c.json(await createShareLink(db, orderId), 201);
  });

  app.openapi(revokeShareRoute, async (c) => {
    const { id, shareId } = c.req.valid('param');
    const orderId = await ownOrderId(deps, c, id, c.req.valid('query').token);
    await revokeShareLink(db, orderId, shareId);
    return c.json({ links: await shareLinksOf(db, orderId) }, 200);
  });

  app.openapi(sharedOrderRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const shared = await sharedOrder(db, deps.kinds, c.req.valid('param').token);
    if (!shared) throw new AppError('NOT_FOUND', SHARE_LINK_NOT_FOUND_MESSAGE);
    return c.json(shared, 200);
  });
}
