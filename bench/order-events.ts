// `npm run bench:order-events`: how soon an order event raised in the database is shown on open
// order pages, with BENCH_STREAMS (1,000) pages open on one instance, each following its own
// order over SSE; then the same events delivered by polling every second (what the page did
// before, ADR 035), as the baseline. On PGlite and, when a server is there, PostgreSQL (the
// events then written over a connection of their own, as another process would).
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { type Store, createStore } from '../src/server/bootstrap.ts';
import { configSchema } from '../src/server/config.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { addOrderNote, placeOrder } from '../src/server/modules/orders/service.ts';
import { NO_RATE_LIMIT, onPglite, onPostgres } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3903);
const BASE = `http://127.0.0.1:${PORT}`;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
/** Events raised per second, each on a random open order. */
const EVENT_RATE = 10;
const POLL_INTERVAL_MS = 1000;
const GIVE_UP_MS = 30_000;
/** Streams opened together while setting up. */
const OPEN_BATCH = 50;

interface Watched {
  readonly orderId: string;
  readonly token: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Raises EVENTS notes at EVENT_RATE on random orders; answers when each was raised, by message. */
async function raiseEvents(raise: (orderId: string, message: string) => Promise<void>, orders: Watched[]) {
  const raised = new Map<string, number>();
  for (let i = 0; i < EVENTS; i += 1) {
    const order = orders[Math.floor(Math.random() * orders.length)]!;
    const message = `bench-${i}-${randomUUID().slice(0, 8)}`;
    raised.set(message, performance.now());
    await raise(order.orderId, message);
    await sleep(1000 / EVENT_RATE);
  }
  return raised;
}

async function waitForAll(shown: Map<string, number>, expected: number) {
  const deadline = performance.now() + GIVE_UP_MS;
  while (shown.size < expected && performance.now() < deadline) await sleep(100);
}

function latencies(raised: Map<string, number>, shown: Map<string, number>) {
  const values = [...raised].flatMap(([message, at]) => {
    const seen = shown.get(message);
    return seen === undefined ? [] : [seen - at];
  });
  const sorted = values.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), missed: raised.size - values.length };
}

/** Every order followed over SSE; a note is shown when its stream delivers it. */
async function overSse(
  store: Store['deps'],
  orders: Watched[],
  raise: (orderId: string, message: string) => Promise<void>,
) {
  const shown = new Map<string, number>();
  const abort = new AbortController();
  const follow = async (order: Watched) => {
    const res = await fetch(`${BASE}/api/orders/${order.orderId}/events?token=${order.token}`, {
      signal: abort.signal,
    });
    if (!res.ok || !res.body) throw new Error(`stream ${order.orderId}: ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    // Answers once the stream is open; reading goes on in the background.
    const reading = (async () => {
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          for (const match of chunk.value.matchAll(/"message":"(bench-[^"]+)"/g)) {
            if (!shown.has(match[1]!)) shown.set(match[1]!, performance.now());
          }
        }
      } catch (error) {
        if (!abort.signal.aborted) throw error;
      }
    })();
    return { reading };
  };
  // Opened OPEN_BATCH at a time: a thousand connects at once overflow the listen backlog.
  const streams: Promise<void>[] = [];
  for (let i = 0; i < orders.length; i += OPEN_BATCH) {
    const opened = await Promise.all(orders.slice(i, i + OPEN_BATCH).map(follow));
    streams.push(...opened.map((stream) => stream.reading));
  }
  while (store.orderEvents.size < orders.length) await sleep(100);
  const raised = await raiseEvents(raise, orders);
  await waitForAll(shown, raised.size);
  abort.abort();
  await Promise.allSettled(streams);
  return latencies(raised, shown);
}

/** Every order asked for every second (phases spread over the second); a note is shown when an answer carries it. */
async function byPolling(orders: Watched[], raise: (orderId: string, message: string) => Promise<void>) {
  const shown = new Map<string, number>();
  let running = true;
  let requests = 0;
  let failures = 0;
  const pollers = orders.map(async (order) => {
    await sleep(Math.random() * POLL_INTERVAL_MS);
    while (running) {
      const started = performance.now();
      // A reset connection (the server closing an idle keep-alive as it is reused) is one lost poll.
      const text = await fetch(`${BASE}/api/orders/${order.orderId}?token=${order.token}`).then(
        (res) => res.text(),
        () => {
          failures += 1;
          return '';
        },
      );
      requests += 1;
      for (const match of text.matchAll(/"message":"(bench-[^"]+)"/g)) {
        if (!shown.has(match[1]!)) shown.set(match[1]!, performance.now());
      }
      await sleep(Math.max(0, POLL_INTERVAL_MS - (performance.now() - started)));
    }
  });
  const startedAt = performance.now();
  const raised = await raiseEvents(raise, orders);
  await waitForAll(shown, raised.size);
  running = false;
  const seconds = (performance.now() - startedAt) / 1000;
  await Promise.allSettled(pollers);
  return { ...latencies(raised, shown), requestsPerSecond: Math.round(requests / seconds), failures };
}

async function measure(label: string, env: Record<string, string>) {
  const config = configSchema.parse({
    ...env,
    PORT: String(PORT),
    LOG_LEVEL: 'silent',
    AUTH_SECRET: env.AUTH_SECRET ?? 'bench-secret-bench-secret-bench-secret-00',
    LICENSE_KEY_SECRET: env.LICENSE_KEY_SECRET ?? 'bench-license-key-secret-bench-secret-00',
    SANDBOX_PAYMENT_SECRET: env.SANDBOX_PAYMENT_SECRET ?? 'bench-sandbox-payment-secret-0000000000',
    AUTH_RATE_LIMIT: NO_RATE_LIMIT,
  });
  const store = await createStore({ config, logger: createLogger('silent'), serveClient: false });
  const server = serve({ fetch: store.app.fetch, port: PORT, hostname: '127.0.0.1' });
  // On PostgreSQL the events come over a connection of their own, as from a worker process.
  const writer = config.DATABASE_URL ? openPostgres(config.DATABASE_URL, 2) : null;
  const db = (writer ?? store.deps.database).db;
  const raise = (orderId: string, message: string) => addOrderNote(db, orderId, message);
  try {
    const orders: Watched[] = [];
    for (let i = 0; i < STREAMS; i += 1) {
      const order = await placeOrder(store.deps.database.db, {
        kind: 'esim',
        email: `bench-${i}@example.com`,
        userId: null,
        currency: 'USD',
        subtotalCents: 500,
        discountCents: 0,
        totalCents: 500,
        couponCode: null,
        items: [{ productRef: 'bench', name: 'Bench 1 GB', unitPriceCents: 500, quantity: 1, details: {} }],
      });
      orders.push({ orderId: order.id, token: order.accessToken });
    }
    const sse = await overSse(store.deps, orders, raise);
    console.log(`\n${label}: ${STREAMS} open order pages, ${EVENTS} events at ${EVENT_RATE}/s`);
    console.log(
      `  SSE (LISTEN/NOTIFY)     p50 ${sse.p50.toFixed(1)} ms   p99 ${sse.p99.toFixed(1)} ms   missed ${sse.missed}`,
    );
    const polling = await byPolling(orders, raise);
    console.log(
      `  polling every 1 s       p50 ${polling.p50.toFixed(1)} ms   p99 ${polling.p99.toFixed(1)} ms   missed ${polling.missed}   ${polling.requestsPerSecond} requests/s, ${polling.failures} failed`,
    );
    console.log(
      `  ratio SSE / polling     p50 ${(sse.p50 / polling.p50).toFixed(3)}   p99 ${(sse.p99 / polling.p99).toFixed(3)}`,
    );
  } finally {
    await writer?.close();
    server.close();
    await store.close();
  }
}

await onPglite(measure);
await onPostgres(measure);
process.exit(0);
