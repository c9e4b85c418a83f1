// `npm run bench:unlocks` (part of `npm run bench`): paid unlock orders through the sandbox supplier
// (over the DHRU protocol) on PostgreSQL, with two store processes sharing the database and its
// job queues, beside the same run's figure for eSIM orders as the baseline.
//  Each unlock's IMEI picks its sandbox outcome: most succeed, some slowly, some only on a second
//  tool, some after transport errors; some are rejected everywhere and must end refunded.
//  Afterwards the database is asked: every order ended as its IMEI dictates (none lost), no order
//  was placed twice at the supplier, every refund was taken once.
import pg from 'pg';
import { type SandboxOutcome, sandboxImei } from '../src/server/integrations/suppliers/sandbox-outcomes.ts';
import { NO_RATE_LIMIT, onPostgres, pool, ratio, startServer, stopServer } from './lib.ts';

const PORTS = [process.env.BENCH_PORT ?? '3904', process.env.BENCH_PORT_2 ?? '3905'] as const;
const ORDERS = Number(process.env.BENCH_UNLOCK_ORDERS ?? 1000);
const CONNECTIONS = 20;
const GIVE_UP_MS = 600_000;
/** One in ten of each outcome but plain success, which takes the rest. */
const MIX: readonly SandboxOutcome[] = [
  'slow_success',
  'rejected_first_service',
  'transport_errors',
  'rejected_everywhere',
  ...Array<SandboxOutcome>(6).fill('success'),
];
const DEVICE = { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' } as const;
const TERMINAL = ['fulfilled', 'refunded', 'failed'];

const base = (i: number) => `http://127.0.0.1:${PORTS[i % PORTS.length]}`;

async function json<T>(url: string, body?: unknown): Promise<T> {
  const init: RequestInit | undefined =
    body === undefined
      ? undefined
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: new URL(url).origin },
          body: JSON.stringify(body),
        };
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const sessionOf = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

/** Quotes, orders and checks out one unlock on store `i % 2`; answers its sandbox payment session. */
async function checkoutUnlock(imei: string, i: number): Promise<string> {
  const quote = await json<{ quote_id: string; device_info: Record<string, string> }>(`${base(i)}/api/quotes`, {
    imei,
    ...DEVICE,
  });
  const { url } = await json<{ url: string }>(`${base(i)}/api/orders/unlock`, {
    quote_id: quote.quote_id,
    imei,
    brand: quote.device_info.brand,
    model: quote.device_info.model,
    carrier: quote.device_info.network,
    country: quote.device_info.country,
    email: `bench-${i}@example.com`,
    agree_to_terms: true,
    agree_to_refund_policy: true,
  });
  return sessionOf(url);
}

async function checkoutEsim(packageId: string, i: number): Promise<string> {
  const { url } = await json<{ url: string }>(`${base(i)}/api/esim/checkout`, {
    email: `bench-${i}@example.com`,
    device_type: 'ios',
    items: [{ package_id: packageId, quantity: 1 }],
  });
  return sessionOf(url);
}

const pay = (sessionId: string, i: number) => json(`${base(i)}/api/sandbox-payments/${sessionId}/pay`, {});

/** Pays every session and waits until every order of `kind` is in a final state; seconds taken. */
async function payAndSettle(db: pg.Client, kind: string, sessions: string[]) {
  const started = performance.now();
  await pool(sessions, CONNECTIONS, pay);
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const { rows } = await db.query<{ open: string }>(
      `SELECT count(*) AS open FROM orders WHERE kind = $1 AND status <> ALL($2)`,
      [kind, TERMINAL],
    );
    if (Number(rows[0]?.open) === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return (performance.now() - started) / 1000;
}

async function unlocks(label: string, env: Record<string, string>) {
  const storeEnv = {
    ...env,
    CHECKOUT_RATE_LIMIT: NO_RATE_LIMIT,
    QUOTE_RATE_LIMIT: NO_RATE_LIMIT,
    UNLOCK_POLL_SECONDS: '1',
    DHRU_TIMEOUT_MS: '5000',
  };
  // One after the other: the first prepares the fresh database, the second finds it ready.
  const first = await startServer('src/server/main.ts', { ...storeEnv, PORT: PORTS[0] });
  const second = await startServer('src/server/main.ts', { ...storeEnv, PORT: PORTS[1] });
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    console.log(`\nUnlock fulfilment on ${label}, two store processes sharing the job queues`);

    const packages = await json<{ package_id: string }[]>(`${base(0)}/api/esim/packages`);
    const esimSessions = await pool(
      Array.from({ length: ORDERS }, (_, i) => packages[i % packages.length]?.package_id ?? ''),
      CONNECTIONS,
      checkoutEsim,
    );
    const esimSeconds = await payAndSettle(db, 'esim', esimSessions);
    const esimRate = ORDERS / esimSeconds;

    const plan = Array.from({ length: ORDERS }, (_, i) => {
      const outcome = MIX[i % MIX.length] ?? 'success';
      return { outcome, imei: sandboxImei(outcome, i) };
    });
    const unlockSessions = await pool(plan, CONNECTIONS, (order, i) => checkoutUnlock(order.imei, i));
    const unlockSeconds = await payAndSettle(db, 'unlock', unlockSessions);
    const unlockRate = ORDERS / unlockSeconds;

    const { rows: ended } = await db.query<{ imei: string; status: string; refund_ref: string | null }>(
      `SELECT u.imei, o.status, o.refund_ref FROM unlock_orders u JOIN orders o ON o.id = u.order_id`,
    );
    const byImei = new Map(ended.map((row) => [row.imei, row]));
    let asDictated = 0;
    const wrong: string[] = [];
    for (const { outcome, imei } of plan) {
      const row = byImei.get(imei);
      const expected = outcome === 'rejected_everywhere' ? 'refunded' : 'fulfilled';
      if (row?.status === expected && (expected !== 'refunded' || row.refund_ref)) asDictated++;
      else wrong.push(`${outcome}: ${row?.status ?? 'missing'}`);
    }
    const { rows: twiceRows } = await db.query<{ imei: string; placed: string }>(
      `SELECT imei, count(*) AS placed FROM sandbox_supplier_orders GROUP BY imei, service_id HAVING count(*) > 1`,
    );
    const outcomeOf = new Map(plan.map((order) => [order.imei, order.outcome]));
    const twice = [{ n: String(twiceRows.length) }];
    if (twiceRows.length > 0) {
      const counts = new Map<string, number>();
      for (const row of twiceRows)
        counts.set(outcomeOf.get(row.imei) ?? '?', (counts.get(outcomeOf.get(row.imei) ?? '?') ?? 0) + 1);
      console.log(`  placed twice, by outcome: ${JSON.stringify(Object.fromEntries(counts))}`);
    }
    const { rows: refunds } = await db.query<{ n: string; over: string }>(
      `SELECT count(*) FILTER (WHERE refunded_cents > 0) AS n, count(*) FILTER (WHERE refunded_cents > amount_cents) AS over
         FROM sandbox_payment_sessions s JOIN orders o ON o.payment_session_id = s.id WHERE o.kind = 'unlock'`,
    );

    console.log(
      `  baseline: ${ORDERS} paid eSIM orders, payment to delivered: ${esimSeconds.toFixed(1)} s, ${esimRate.toFixed(1)} orders/s`,
    );
    console.log(
      `  ${ORDERS} paid unlock orders (1 in ${MIX.length} each slow, rerouted, after transport errors and rejected everywhere; first supplier look after 1 s): ` +
        `${unlockSeconds.toFixed(1)} s, ${unlockRate.toFixed(1)} orders/s  ratio ${ratio(unlockRate, esimRate)} of the eSIM rate`,
    );
    console.log(
      `  ended as their IMEI dictates: ${asDictated} of ${ORDERS}${wrong.length ? ` (NOT: ${wrong.slice(0, 5).join('; ')})` : ''}; ` +
        `placed twice at the supplier: ${twice[0]?.n ?? '?'}; refunds taken: ${refunds[0]?.n ?? '?'}, more than paid: ${refunds[0]?.over ?? '?'}`,
    );
  } finally {
    await db.end();
    await stopServer(second.child);
    await stopServer(first.child);
  }
}

await onPostgres(unlocks);
