// `npm run bench`: every figure is printed beside a baseline measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  load,
  median,
  NO_RATE_LIMIT,
  onPglite,
  onPostgres,
  paced,
  ratio,
  startServer,
  stopServer,
  type Load,
} from './lib.ts';

const PORT = process.env.BENCH_PORT ?? '3901';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BENCHMARKS = ['cold-start', 'throughput', 'checkout'] as const;
/** BENCH_ONLY=checkout (comma-separated) runs only the named benchmarks. */
const selected = new Set(
  process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((name) => name.trim()) : BENCHMARKS,
);
for (const name of selected) {
  if (!(BENCHMARKS as readonly string[]).includes(name))
    throw new Error(`BENCH_ONLY: unknown benchmark ${name} (one of ${BENCHMARKS.join(', ')})`);
}

const row = (name: string, r: Load, health: Load) =>
  `  ${name.padEnd(26)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${String(r.p99Ms).padStart(4)} ms  errors ${r.errors}  ratio ${ratio(r.requestsPerSecond, health.requestsPerSecond)}`;

async function coldStart() {
  const baseline: number[] = [];
  const empty: number[] = [];
  const existing: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const base = await startServer('bench/baseline-server.ts', { PORT });
    baseline.push(base.readyMs);
    await stopServer(base.child);

    const dataDir = mkdtempSync(join(tmpdir(), 'openline-bench-'));
    const first = await startServer('src/server/main.ts', { PORT, DATA_DIR: dataDir });
    empty.push(first.readyMs);
    await stopServer(first.child);
    const again = await startServer('src/server/main.ts', { PORT, DATA_DIR: dataDir });
    existing.push(again.readyMs);
    await stopServer(again.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const b = median(baseline);
  console.log(`\nCold start to first healthy response (median of ${RUNS})`);
  console.log(`  baseline (bare Hono server, same loader)  ${b.toFixed(0)} ms`);
  console.log(
    `  store, empty data dir                      ${median(empty).toFixed(0)} ms  ratio ${ratio(median(empty), b)}`,
  );
  console.log(
    `  store, existing data dir                   ${median(existing).toFixed(0)} ms  ratio ${ratio(median(existing), b)}`,
  );
}

/** Offered quote rates for the latency test, as shares of the saturated rate measured just before. */
const OFFERED_SHARES = [0.25, 0.5];

const QUOTE_BODY = JSON.stringify({
  imei: '356938035643809',
  brand: 'Apple',
  model: 'iPhone 15',
  network: 'T-Mobile',
  country: 'US',
});

async function throughput(label: string, env: Record<string, string>) {
  const store = await startServer('src/server/main.ts', { PORT, QUOTE_RATE_LIMIT: '100000000', ...env });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const quote = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: QUOTE_BODY };
    // Warm caches and the JIT before measuring.
    await load(`${base}/api/catalog/carriers`, { connections: 10, seconds: 1 });
    await load(`${base}/api/quotes`, { connections: 10, seconds: 1, ...quote });
    console.log(`\nThroughput on ${label}, ${SECONDS} s each`);
    let capacity = 0;
    for (const connections of [CONNECTIONS, 200]) {
      const health = await load(`${base}/api/health`, { connections, seconds: SECONDS });
      const carriers = await load(`${base}/api/catalog/carriers`, { connections, seconds: SECONDS });
      const quotes = await load(`${base}/api/quotes`, { connections, seconds: SECONDS, ...quote });
      capacity = Math.max(capacity, quotes.requestsPerSecond);
      console.log(`  ${connections} connections, each sending its next request as soon as an answer arrives`);
      console.log(row('GET /api/health', health, health));
      console.log(row('GET /api/catalog/carriers', carriers, health));
      console.log(row('POST /api/quotes', quotes, health));
    }
    // Saturated, a server's latency is only its queue (Little's law: 200 connections / N per second).
    // Below saturation it is the work itself: 200 connections sharing a fixed offered rate.
    console.log(`  200 connections at a fixed offered rate (share of the quote capacity above)`);
    for (const share of OFFERED_SHARES) {
      const rate = Math.max(1, Math.round(capacity * share));
      const steady = await paced(`${base}/api/quotes`, { connections: 200, seconds: SECONDS, rate, ...quote });
      console.log(
        `  POST /api/quotes at ${String(rate).padStart(5)} req/s (${(share * 100).toFixed(0)}%)  got ${steady.requestsPerSecond.toFixed(0)} req/s  p50 ${steady.p50Ms} ms  p99 ${steady.p99Ms} ms  errors ${steady.errors}`,
      );
    }
  } finally {
    await stopServer(store.child);
  }
}

/**
 * Every checkout request does the whole server-side step list: prices the cart from the catalogue,
 * creates the order with its items and first event, and opens a sandbox payment session.
 */
async function checkoutThroughput(label: string, env: Record<string, string>) {
  const store = await startServer('src/server/main.ts', { PORT, CHECKOUT_RATE_LIMIT: NO_RATE_LIMIT, ...env });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const packages = (await (await fetch(`${base}/api/esim/packages?country=FR`)).json()) as { package_id: string }[];
    const [first, second] = packages;
    if (!first || !second) throw new Error('the catalogue sells fewer than two packages for France');
    const checkout = {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'bench@example.com',
        device_type: 'ios',
        items: [
          { package_id: first.package_id, quantity: 1 },
          { package_id: second.package_id, quantity: 2 },
        ],
      }),
    };
    await load(`${base}/api/esim/checkout`, { connections: 10, seconds: 1, ...checkout });
    console.log(`\neSIM checkout throughput on ${label}, ${CONNECTIONS} connections, ${SECONDS} s each`);
    const health = await load(`${base}/api/health`, { connections: CONNECTIONS, seconds: SECONDS });
    const checkouts = await load(`${base}/api/esim/checkout`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      ...checkout,
    });
    console.log(row('GET /api/health', health, health));
    console.log(row('POST /api/esim/checkout', checkouts, health));
  } finally {
    await stopServer(store.child);
  }
}

if (selected.has('cold-start')) await coldStart();
for (const [name, benchmark] of [
  ['throughput', throughput],
  ['checkout', checkoutThroughput],
] as const) {
  if (!selected.has(name)) continue;
  await onPglite(benchmark);
  await onPostgres(benchmark);
}
