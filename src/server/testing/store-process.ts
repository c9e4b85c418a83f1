import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { allocatorEnv, SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';
import type { QuoteAnswer } from '../../domain/quote.ts';
import { sandboxImei } from '../integrations/suppliers/sandbox-outcomes.ts';
import { databaseUrlWithName } from './global-setup.ts';
import { unlockForm } from './unlocks.ts';

/**
 * Real store processes on a fresh PostgreSQL database, for the fault tests (a crash, a database
 * outage, a rolling restart): start and stop them, place and pay orders over HTTP, and read from
 * the database whether every paid order ended once.
 */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StoreProcess {
  readonly child: ChildProcess;
  readonly base: string;
  /** The JSON log lines the process wrote (its stdout). */
  readonly lines: Record<string, unknown>[];
}

/**
 * Starts `src/server/main.ts` with `env` on `port`, with `npm start`'s node flags and allocator
 * settings, and waits until it is ready. Its public address (where the sandbox provider sends its
 * webhooks) is its own unless `env` names another.
 */
export async function startStore(env: Record<string, string>, port: number): Promise<StoreProcess> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...allocatorEnv(), PUBLIC_URL: base, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as Record<string, unknown>);
      } catch {
        lines.push({ msg: part });
      }
    }
  });
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return { child, base, lines };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the store did not become ready in 60 s');
}

/** SIGTERM (or another signal), and the exit. */
export async function stopStore(store: StoreProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = store;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** A fresh database on the PostgreSQL server `server` names, and the environment of a store on it. */
export function faultTestDatabase(server: string, label: string) {
  const name = `openline_${label}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), `openline-${label}-`));
  const url = databaseUrlWithName(server, name);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    env: {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'fault-test-secret-fault-test-secret-0000',
      LICENSE_KEY_SECRET: 'fault-test-license-key-secret-000000000',
      SANDBOX_PAYMENT_SECRET: 'fault-test-sandbox-payment-secret-00000',
      LOG_LEVEL: 'warn',
      UNLOCK_POLL_SECONDS: '1',
      // A killed store's jobs are taken for dead after 10 s (30 s for an unlock step), not 20 s
      // (60 s): the same recovery, sooner, so the fault runs wait less.
      JOB_EXPIRE_SECONDS: '10',
      JOB_RETRY_DELAY_SECONDS: '2',
      QUOTE_RATE_LIMIT: '100000',
      CHECKOUT_RATE_LIMIT: '100000',
    },
    create: () => admin(`CREATE DATABASE ${name}`),
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const postJson = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });

/** `count` unlocks and `count` eSIM orders placed (unpaid): their sandbox payment session ids. */
export async function placeOrders(base: string, count: number, label: string): Promise<string[]> {
  const packages = (await (await fetch(`${base}/api/esim/packages?country=JP`)).json()) as { package_id: string }[];
  const sessions: string[] = [];
  const serial = Date.now() % 5_000;
  for (let i = 0; i < count; i++) {
    const imei = sandboxImei('success', serial + i);
    const device = { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' };
    const quote = (await (await postJson(base, '/api/quotes', { imei, ...device })).json()) as QuoteAnswer;
    const email = `${label}-${i}@example.com`;
    const unlock = (await (await postJson(base, '/api/orders/unlock', unlockForm(quote, imei, { email }))).json()) as {
      url: string;
    };
    const esim = (await (
      await postJson(base, '/api/esim/checkout', {
        email,
        device_type: 'ios',
        items: [{ package_id: packages[i % packages.length]?.package_id, quantity: 1 + (i % 3) }],
      })
    ).json()) as { url: string };
    sessions.push(...[unlock.url, esim.url].map((placed) => new URL(placed).pathname.split('/').at(-1) ?? ''));
  }
  return sessions;
}

/**
 * Waits until every order is delivered or refunded (or `timeoutMs` passed), then reads what went
 * wrong: orders still open, a state entered twice, an IMEI sent to the supplier twice, an eSIM
 * order with more or fewer profiles than bought. All empty when nothing was lost or doubled.
 */
export async function settledOrders(url: string, timeoutMs: number) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const open = async () =>
      (
        await db.query<{ kind: string; status: string; n: number }>(
          `SELECT kind, status, count(*)::int AS n FROM orders WHERE status NOT IN ('fulfilled', 'refunded')
          GROUP BY kind, status`,
        )
      ).rows;
    for (const started = Date.now(); (await open()).length > 0 && Date.now() - started < timeoutMs; ) await sleep(500);
    const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders`)).rows[0]?.n ?? 0;
    const { rows: twice } = await db.query(
      `SELECT order_id, status, count(*)::int AS n FROM order_events WHERE status IN ('paid', 'fulfilled', 'refunded')
      GROUP BY order_id, status HAVING count(*) > 1`,
    );
    const { rows: doubledSupplierOrders } = await db.query(
      `SELECT imei, count(*)::int AS n FROM sandbox_supplier_orders GROUP BY imei HAVING count(*) > 1`,
    );
    const { rows: wrongProfiles } = await db.query(
      `SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.kind = 'esim' AND o.status = 'fulfilled'
        AND (SELECT count(*) FROM esim_profiles p WHERE p.order_item_id = i.id) <> i.quantity`,
    );
    const stillOpen = await open();
    // What the queue holds for the orders still open: the first place to look when one is.
    const { rows: jobs } =
      stillOpen.length > 0
        ? await db.query(
            `SELECT j.name, j.state, j.retry_count, left(j.output::text, 200) AS output, o.status
            FROM pgboss.job j JOIN orders o ON o.id::text = j.data->>'orderId'
            WHERE o.status NOT IN ('fulfilled', 'refunded') ORDER BY j.created_on`,
          )
        : { rows: [] };
    return { total, open: stillOpen, jobs, twice, doubledSupplierOrders, wrongProfiles };
  } finally {
    await db.end();
  }
}

/** A TCP proxy to PostgreSQL that can be cut off and restored. */
export function databaseProxy(target: URL, port: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  return {
    up: listen,
    down: async () => {
      const closing = server;
      server = null;
      // No new connection from now on; the open ones cut (close's callback waits for them to end).
      const closed = closing ? new Promise((resolve) => closing.close(resolve)) : null;
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

export interface ShopperAnswer {
  /** When the request was sent (Date.now()). */
  readonly askedAt: number;
  /** 0: no answer at all (the connection was refused or cut). */
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: string;
}

/**
 * Four shoppers asking the store without pause (an unlock quote, then the eSIM packages or the
 * licenses), each answer handed to `record` as it comes, until `stop()`.
 */
export function keepShopping(base: string, record: (answer: ShopperAnswer) => void) {
  let running = true;
  const device = { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' };
  const shopper = async (index: number) => {
    for (let i = 0; running; i++) {
      const askedAt = Date.now();
      const res = await (
        i % 3 === 0
          ? postJson(base, '/api/quotes', { imei: '356938035643809', ...device })
          : fetch(`${base}/api/${(i + index) % 2 === 0 ? 'esim/packages?country=JP' : 'licenses'}`)
      ).catch(() => null);
      const body = await res?.text().catch((error: unknown) => `cut while reading: ${String(error)}`);
      record({
        askedAt,
        status: res?.status ?? 0,
        retryAfter: res?.headers.get('retry-after') ?? null,
        body: body ?? '',
      });
      await sleep(25);
    }
  };
  const shoppers = [0, 1, 2, 3].map(shopper);
  return {
    stop: async () => {
      running = false;
      await Promise.all(shoppers);
    },
  };
}
