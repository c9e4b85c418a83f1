// `npm run bench` (admin lists): the admin area's order list pages on PostgreSQL with 100,000
// orders seeded, each page asked for through the HTTP API as the admin area does, sequentially,
// p95 of 40 runs per page. The baseline of the same run is GET /api/me with the same admin session
// (a session check and one indexed read through the same stack): the ratio says what a list costs
// beyond any signed-in request. Goal (issue 25): every list page ≤ 100 ms p95.
import pg from 'pg';
import { onPostgres, ratio, startServer, stopServer } from './lib.ts';

const PORT = process.env.BENCH_PORT ?? '3907';
const ORDERS = Number(process.env.BENCH_ADMIN_ORDERS ?? 100_000);
const RUNS = 40;
const KINDS = ['esim', 'unlock', 'check', 'device_service'];
const STATES = ['pending_payment', 'paid', 'fulfilled', 'refunded', 'expired', 'failed', 'in_progress'];

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? NaN;

/** 100,000 orders over 90 days, each with one item, written straight into the tables. */
async function seed(client: pg.Client) {
  await client.query(
    `INSERT INTO orders (id, kind, email, status, subtotal_cents, total_cents, access_token, created_at, updated_at)
     SELECT gen_random_uuid()::text,
            (ARRAY[${KINDS.map((kind) => `'${kind}'`).join(',')}])[1 + i % ${KINDS.length}],
            'buyer' || (i % 20000) || '@example.com',
            (ARRAY[${STATES.map((state) => `'${state}'`).join(',')}])[1 + (i / 7) % ${STATES.length}],
            500 + i % 5000, 500 + i % 5000, md5(i::text),
            now() - (i * interval '77 seconds'), now()
       FROM generate_series(1, $1) AS i`,
    [ORDERS],
  );
  await client.query(
    `INSERT INTO order_items (id, order_id, position, product_ref, name, unit_price_cents, quantity)
     SELECT gen_random_uuid()::text, id, 0, 'bench', 'Bench item', total_cents, 1 FROM orders`,
  );
  await client.query('ANALYZE orders; ANALYZE order_items');
}

async function timed(url: string, cookie: string): Promise<{ ms: number; body: { next?: string | null } }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = (await res.json()) as { next?: string | null };
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

async function p95Of(url: string, cookie: string): Promise<number> {
  await timed(url, cookie);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push((await timed(url, cookie)).ms);
  return p95(times);
}

await onPostgres(async (label, env) => {
  const base = `http://127.0.0.1:${PORT}`;
  const { child } = await startServer('src/server/main.ts', { ...env, PORT, PUBLIC_URL: base });
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'bench-admin@example.com', password: 'bench-admin-password-42', name: 'bench' }),
    });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    await client.query(
      `INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM "user" WHERE email = 'bench-admin@example.com'`,
    );
    const seeding = performance.now();
    await seed(client);
    console.log(
      `\nAdmin order lists on ${label}: ${ORDERS.toLocaleString('en')} orders seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const { rows } = await client.query<{ id: string }>(
      'SELECT id FROM orders ORDER BY created_at DESC OFFSET 5000 LIMIT 1',
    );
    const someId = rows[0]?.id ?? '';
    // A page deep in the list: the cursor of the 50th page, found by walking the keyset.
    let cursor: string | null | undefined = null;
    for (let page = 0; page < 50 && cursor !== undefined; page += 1) {
      cursor =
        (await timed(`${base}/api/admin/orders${cursor ? `?cursor=${cursor}` : ''}`, cookie)).body.next ?? undefined;
    }
    const baseline = await p95Of(`${base}/api/me`, cookie);
    const month = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const pages: [string, string][] = [
      ['first page, every order', '/api/admin/orders'],
      ['50th page (keyset)', `/api/admin/orders?cursor=${cursor ?? ''}`],
      ['by product line', '/api/admin/orders?kind=unlock'],
      ['by state', '/api/admin/orders?status=failed'],
      ['by line and state', '/api/admin/orders?kind=check&status=refunded'],
      ['by email', '/api/admin/orders?email=buyer1234@example.com'],
      ['by order number', `/api/admin/orders?number=${someId.slice(0, 8)}`],
      ['by date range', `/api/admin/orders?from=${month}&to=${month}`],
      ['by IMEI (no match)', '/api/admin/orders?imei=356938035643809'],
      ['the day’s work (overview)', '/api/admin/overview'],
    ];
    console.log(`  baseline GET /api/me: p95 ${baseline.toFixed(1)} ms`);
    let worst = 0;
    for (const [name, path] of pages) {
      const ms = await p95Of(`${base}${path}`, cookie);
      worst = Math.max(worst, ms);
      console.log(`  ${name.padEnd(28)} p95 ${ms.toFixed(1).padStart(6)} ms  (${ratio(ms, baseline)}× the baseline)`);
    }
    console.log(
      `  slowest list page: p95 ${worst.toFixed(1)} ms (goal ≤ 100 ms) — ${worst <= 100 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await client.end();
    await stopServer(child);
  }
});
