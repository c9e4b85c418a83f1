// `npm run bench:checks` (part of `npm run bench`): device checks on PGlite and PostgreSQL, each
// figure beside a baseline measured in the same run.
//  (a) free checks per second (GET /api/checks/free) against GET /api/health, and p99, at 50 connections;
//  (b) paid checks completed per second through the sandbox provider (checkout, payment, provider,
//      result), against eSIM orders completed per second the same way (their provider answers at once).
import { load, NO_RATE_LIMIT, onPglite, onPostgres, pool, ratio, startServer, stopServer, storeApi } from './lib.ts';

const PORT = process.env.BENCH_PORT ?? '3901';
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ORDERS = Number(process.env.BENCH_CHECK_ORDERS ?? 200);
/** Requests in flight while placing and paying the orders. */
const IN_FLIGHT = 20;
const GIVE_UP_MS = 300_000;

/** A clean iPhone 8 in the TAC table; the sandbox answers it at once (docs/checks.md). */
const CLEAN_IMEI = '352992090000102';

const { json, post } = storeApi(BASE);

/** Pays a session on the sandbox page; the redirect names the order and its guest token. */
async function pay(checkoutUrl: string) {
  const sessionId = new URL(checkoutUrl).pathname.split('/').at(-1) ?? '';
  const { url } = await json<{ url: string }>(`/api/sandbox-payments/${sessionId}/pay`, post({}));
  const landed = new URL(url);
  const orderId = landed.searchParams.get('order') ?? landed.pathname.split('/').at(-1) ?? '';
  return { orderId, token: landed.searchParams.get('token') ?? '' };
}

/** Seconds from the first payment until every order is fulfilled. */
async function completed(checkoutUrls: string[]): Promise<number> {
  const started = performance.now();
  const orders = await pool(checkoutUrls, IN_FLIGHT, (url) => pay(url));
  const deadline = Date.now() + GIVE_UP_MS;
  await pool(orders, IN_FLIGHT, async (order) => {
    for (;;) {
      const state = await json<{ status: string }>(
        `/api/orders/${order.orderId}?token=${encodeURIComponent(order.token)}`,
      );
      if (state.status === 'fulfilled') return;
      if (Date.now() > deadline) throw new Error(`order ${order.orderId} stayed ${state.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return (performance.now() - started) / 1000;
}

async function checks(label: string, env: Record<string, string>) {
  const store = await startServer('src/server/main.ts', {
    PORT,
    FREE_CHECK_RATE_LIMIT: NO_RATE_LIMIT,
    CHECKOUT_RATE_LIMIT: NO_RATE_LIMIT,
    ...env,
  });
  try {
    const free = `${BASE}/api/checks/free?identifier=${CLEAN_IMEI}`;
    await load(free, { connections: 10, seconds: 1 });
    const health = await load(`${BASE}/api/health`, { connections: CONNECTIONS, seconds: SECONDS });
    const freeChecks = await load(free, { connections: CONNECTIONS, seconds: SECONDS });
    console.log(`\nDevice checks on ${label}`);
    console.log(`  ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.log(
      `  GET /api/health        ${health.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${health.p99Ms} ms`,
    );
    console.log(
      `  GET /api/checks/free   ${freeChecks.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${freeChecks.p99Ms} ms  errors ${freeChecks.errors}  ratio ${ratio(freeChecks.requestsPerSecond, health.requestsPerSecond)}`,
    );

    const packages = await json<{ package_id: string }[]>('/api/esim/packages?country=FR');
    const packageId = packages[0]?.package_id ?? '';
    const orders = Array.from({ length: ORDERS }, (_, index) => index);
    const esimUrls = await pool(
      orders,
      IN_FLIGHT,
      async (index) =>
        (
          await json<{ url: string }>(
            '/api/esim/checkout',
            post({
              email: `esim-${index}@bench.example`,
              device_type: 'ios',
              items: [{ package_id: packageId, quantity: 1 }],
            }),
          )
        ).url,
    );
    const checkUrls = await pool(orders, IN_FLIGHT, async (index) => {
      const answer = await json<{ outcome: string; url: string }>(
        '/api/checks',
        post({ product: 'carrier', identifier: CLEAN_IMEI, email: `check-${index}@bench.example` }),
      );
      if (answer.outcome !== 'checkout') throw new Error(`check ${index} was not sold: ${answer.outcome}`);
      return answer.url;
    });
    const esimSeconds = await completed(esimUrls);
    const checkSeconds = await completed(checkUrls);
    const esimRate = ORDERS / esimSeconds;
    const checkRate = ORDERS / checkSeconds;
    console.log(`  ${ORDERS} paid orders each, paid ${IN_FLIGHT} at a time, until all are delivered`);
    console.log(`  eSIM orders (baseline)  ${esimRate.toFixed(1).padStart(6)} orders/s  (${esimSeconds.toFixed(1)} s)`);
    console.log(
      `  paid carrier checks     ${checkRate.toFixed(1).padStart(6)} orders/s  (${checkSeconds.toFixed(1)} s)  ratio ${ratio(checkRate, esimRate)}`,
    );
  } finally {
    await stopServer(store.child);
  }
}

await onPglite(checks);
await onPostgres(checks);
