// `npm run bench:fulfilment` (part of `npm run bench`): eSIM fulfilment on PGlite and PostgreSQL,
// each figure beside a baseline measured in the same run.
//  (a) a burst of paid orders: seconds until all are fulfilled, against one order's time × count;
//  (b) GET /api/health p99 while a 500-eSIM order provisions, against its p99 with nothing running;
//  (c) a worker killed (SIGKILL) mid-order: seconds until a restarted store has fulfilled it.
import { Agent, request } from 'node:http';
import {
  NO_RATE_LIMIT,
  onPglite,
  onPostgres,
  pool,
  ratio,
  startServer,
  stopServer,
  storeApi,
  type Started,
} from './lib.ts';

const PORT = process.env.BENCH_PORT ?? '3901';
const BASE = `http://127.0.0.1:${PORT}`;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
/** Requests in flight while placing and paying the burst. */
const CONNECTIONS = 20;
/** The largest order the checkout takes: 50 lines of 10. */
const BIG_ORDER_LINES = 50;
const BIG_ORDER_QUANTITY = 10;
/** Health checks per second while measuring p99 (open loop: each latency counts from when it fell due). */
const HEALTH_RATE = 50;
const BASELINE_SECONDS = 5;
const FULFILLED = 'fulfilled';
const GIVE_UP_MS = 300_000;

interface PlacedOrder {
  readonly orderId: string;
  readonly token: string;
}

const { json, post } = storeApi(BASE);

/** Checks out a cart and answers its sandbox payment session id. */
async function checkout(items: { package_id: string; quantity: number }[]): Promise<string> {
  const { url } = await json<{ url: string }>(
    '/api/esim/checkout',
    post({ email: 'bench@example.com', device_type: 'ios', items }),
  );
  return new URL(url).pathname.split('/').at(-1) ?? '';
}

/** Pays a session on the sandbox page; the redirect names the order and its guest token. */
async function pay(sessionId: string): Promise<PlacedOrder> {
  const { url } = await json<{ url: string }>(`/api/sandbox-payments/${sessionId}/pay`, post({}));
  const receipt = new URL(url);
  return { orderId: receipt.searchParams.get('order') ?? '', token: receipt.searchParams.get('token') ?? '' };
}

async function orderState(order: PlacedOrder) {
  return json<{ status: string; esim_profiles: unknown[] }>(
    `/api/orders/${order.orderId}?token=${encodeURIComponent(order.token)}`,
  );
}

async function waitFulfilled(order: PlacedOrder) {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const state = await orderState(order).catch(() => null);
    if (state?.status === FULFILLED) return state;
    if (Date.now() > deadline) throw new Error(`order ${order.orderId} never fulfilled (${state?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function packageIds(): Promise<string[]> {
  const packages = await json<{ package_id: string }[]>('/api/esim/packages');
  if (packages.length < BIG_ORDER_LINES) throw new Error(`the catalogue sells fewer than ${BIG_ORDER_LINES} packages`);
  return packages.map((pkg) => pkg.package_id);
}

const bigCart = (ids: string[]) =>
  ids.slice(0, BIG_ORDER_LINES).map((id) => ({ package_id: id, quantity: BIG_ORDER_QUANTITY }));

/** GET /api/health at HEALTH_RATE per second until `until` settles (or `seconds` pass); p50 and p99 in ms. */
async function healthWhile(until: Promise<unknown> | null, seconds = Infinity) {
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  const latencies: number[] = [];
  let done = false;
  void until?.finally(() => (done = true));
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let sent = 0; !done && performance.now() - started < seconds * 1000; sent++) {
    const due = started + (sent * 1000) / HEALTH_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      new Promise<void>((resolve) => {
        const req = request(`${BASE}/api/health`, { agent }, (res) => {
          res.resume().on('end', () => {
            latencies.push(performance.now() - due);
            resolve();
          });
        });
        req.on('error', () => resolve());
        req.end();
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), count: sorted.length };
}

async function burst(ids: string[]) {
  // Baseline: one order alone, payment to fulfilled.
  const [first] = ids;
  const single = performance.now();
  await waitFulfilled(await pay(await checkout([{ package_id: first ?? '', quantity: 1 }])));
  const oneOrderSeconds = (performance.now() - single) / 1000;

  const carts = Array.from({ length: ORDERS }, (_, i) => [{ package_id: ids[i % ids.length] ?? '', quantity: 1 }]);
  const sessions = await pool(carts, CONNECTIONS, checkout);
  const started = performance.now();
  const orders = await pool(sessions, CONNECTIONS, pay);
  const paidSeconds = (performance.now() - started) / 1000;
  // Orders finish roughly in payment order: each pass checks the oldest still-open ones.
  let open = [...orders];
  const deadline = Date.now() + GIVE_UP_MS;
  while (open.length > 0 && Date.now() < deadline) {
    const head = open.slice(0, 50);
    const states = await pool(head, 10, (order) => orderState(order).catch(() => null));
    const finished = new Set(head.filter((_, i) => states[i]?.status === FULFILLED));
    open = open.filter((order) => !finished.has(order));
    if (finished.size < head.length) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const done = ORDERS - open.length;
  console.log(`  (a) ${ORDERS} paid orders (1 eSIM each), payment to fulfilled`);
  console.log(
    `      baseline: one order alone ${oneOrderSeconds.toFixed(2)} s, × ${ORDERS} = ${(oneOrderSeconds * ORDERS).toFixed(0)} s`,
  );
  console.log(
    `      burst: ${done} fulfilled in ${seconds.toFixed(1)} s (payments taken in ${paidSeconds.toFixed(1)} s), ${(done / seconds).toFixed(1)} orders/s  ratio ${ratio(seconds, oneOrderSeconds * ORDERS)}${open.length ? `  (${open.length} NOT fulfilled)` : ''}`,
  );
}

async function healthDuringBigOrder(ids: string[]) {
  await healthWhile(null, 1); // warm the sockets and the JIT
  const idle = await healthWhile(null, BASELINE_SECONDS);
  const sessionId = await checkout(bigCart(ids));
  const started = performance.now();
  const order = await pay(sessionId);
  const fulfilled = waitFulfilled(order);
  const busy = await healthWhile(fulfilled);
  const state = await fulfilled;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  (b) GET /api/health at ${HEALTH_RATE}/s while a ${BIG_ORDER_LINES * BIG_ORDER_QUANTITY}-eSIM order provisions`,
  );
  console.log(`      baseline (nothing running): p50 ${idle.p50.toFixed(1)} ms  p99 ${idle.p99.toFixed(1)} ms`);
  console.log(
    `      during the order (${seconds.toFixed(1)} s, ${state.esim_profiles.length} profiles): p50 ${busy.p50.toFixed(1)} ms  p99 ${busy.p99.toFixed(1)} ms  ratio ${ratio(busy.p99, idle.p99)}`,
  );
  return seconds;
}

async function killedWorker(ids: string[], env: Record<string, string>, store: Started, orderSeconds: number) {
  const sessionId = await checkout(bigCart(ids));
  const order = await pay(sessionId);
  // Kill the process once its job is provisioning (profiles appear one by one), not while it waits.
  let before = await orderState(order);
  while (before.status !== FULFILLED && before.esim_profiles.length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    before = await orderState(order);
  }
  const exited = new Promise((resolve) => store.child.once('exit', resolve));
  const killed = performance.now();
  store.child.kill('SIGKILL');
  await exited;
  const again = await startServer('src/server/main.ts', env);
  try {
    const state = await waitFulfilled(order);
    const seconds = (performance.now() - killed) / 1000;
    console.log(
      `  (c) the store killed (SIGKILL) ${before.status === FULFILLED ? 'AFTER' : `with ${before.esim_profiles.length} eSIMs provisioned in`} a ${BIG_ORDER_LINES * BIG_ORDER_QUANTITY}-eSIM order, then restarted`,
    );
    console.log(`      baseline: the same order uninterrupted ${orderSeconds.toFixed(1)} s`);
    console.log(
      `      kill to fulfilled ${seconds.toFixed(1)} s (restart to healthy ${(again.readyMs / 1000).toFixed(1)} s), ${state.esim_profiles.length} profiles  ratio ${ratio(seconds, orderSeconds)}`,
    );
  } finally {
    await stopServer(again.child);
  }
}

async function fulfilment(label: string, env: Record<string, string>) {
  const storeEnv = { PORT, CHECKOUT_RATE_LIMIT: NO_RATE_LIMIT, ...env };
  const store = await startServer('src/server/main.ts', storeEnv);
  try {
    console.log(`\neSIM fulfilment on ${label}`);
    const ids = await packageIds();
    await burst(ids);
    const orderSeconds = await healthDuringBigOrder(ids);
    await killedWorker(ids, storeEnv, store, orderSeconds);
  } finally {
    await stopServer(store.child);
  }
}

await onPglite(fulfilment);
await onPostgres(fulfilment);
