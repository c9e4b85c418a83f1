import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxImei } from './integrations/suppliers/sandbox-outcomes.ts';
import type { QuoteAnswer } from '../domain/quote.ts';
import { databaseUrlWithName } from './testing/global-setup.ts';
import { unlockForm } from './testing/unlocks.ts';

/**
 * Issue 27: a store killed (SIGKILL) in the middle of a burst of 30 paid unlocks and 30 paid
 * eSIM orders, and started again on the same PostgreSQL database: every paid order ends
 * delivered or refunded, none twice, no unlock with two supplier orders. Real processes, the
 * sandbox providers, PostgreSQL only (the embedded database has one owner and is covered by the
 * in-process crash tests).
 */
const SERVER = process.env.TEST_DATABASE_URL;
const PORT = String(3950 + (process.pid % 40));
const BASE = `http://127.0.0.1:${PORT}`;
const EACH = 30;
const SETTLE_MS = 150_000;

const post = (path: string, body: unknown) =>
  fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify(body),
  });

async function startStore(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the store did not become ready in 60 s');
}

describe.skipIf(!SERVER)('a store killed mid-burst and restarted on PostgreSQL', () => {
  const name = `openline_crash_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'openline-crash-'));
  const url = databaseUrlWithName(SERVER ?? '', name);
  const env = {
    PORT,
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'crash-test-secret-crash-test-secret-0000',
    LICENSE_KEY_SECRET: 'crash-test-license-key-secret-000000000',
    SANDBOX_PAYMENT_SECRET: 'crash-test-sandbox-payment-secret-00000',
    LOG_LEVEL: 'error',
    UNLOCK_POLL_SECONDS: '1',
    QUOTE_RATE_LIMIT: '100000',
    CHECKOUT_RATE_LIMIT: '100000',
  };
  let store: ChildProcess | undefined;
  let db: pg.Client;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: SERVER });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    db = new pg.Client({ connectionString: url });
  });
  afterAll(async () => {
    store?.kill('SIGKILL');
    await db?.end().catch(() => {});
    const admin = new pg.Client({ connectionString: SERVER });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'delivers or refunds every paid order once, with one supplier order per unlock',
    { timeout: 240_000 },
    async () => {
      store = await startStore(env);
      await db.connect();
      const packages = (await (await fetch(`${BASE}/api/esim/packages?country=JP`)).json()) as { package_id: string }[];
      const sessions: string[] = [];
      const serial = Date.now() % 5_000;
      for (let i = 0; i < EACH; i++) {
        const imei = sandboxImei('success', serial + i);
        const device = { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' };
        const quote = (await (await post('/api/quotes', { imei, ...device })).json()) as QuoteAnswer;
        const unlock = (await (
          await post('/api/orders/unlock', unlockForm(quote, imei, { email: `crash-${i}@example.com` }))
        ).json()) as { url: string };
        const esim = (await (
          await post('/api/esim/checkout', {
            email: `crash-${i}@example.com`,
            device_type: 'ios',
            items: [{ package_id: packages[i % packages.length]?.package_id, quantity: 1 + (i % 3) }],
          })
        ).json()) as { url: string };
        sessions.push(...[unlock.url, esim.url].map((placed) => new URL(placed).pathname.split('/').at(-1) ?? ''));
      }
      expect(sessions).toHaveLength(2 * EACH);

      // Every payment at once; the store is killed when half of them have been answered.
      let answered = 0;
      const killed = new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (answered < EACH) return;
          clearInterval(check);
          store?.kill('SIGKILL');
          resolve();
        }, 1);
      });
      const paid = await Promise.all(
        sessions.map(async (session) => {
          try {
            const res = await post(`/api/sandbox-payments/${session}/pay`, {});
            answered++;
            return res.ok;
          } catch {
            return false;
          }
        }),
      );
      await killed;
      // The premise: payments were cut off by the kill (about half of them, here).
      expect(paid.filter((ok) => !ok).length).toBeGreaterThan(0);
      const dead = store;
      if (dead && dead.exitCode === null && dead.signalCode === null) {
        await new Promise((resolve) => dead.once('exit', resolve));
      }

      store = await startStore(env);
      // The buyers whose Pay went unanswered press it again (a paid session answers as paid).
      for (const [index, session] of sessions.entries()) {
        if (!paid[index]) expect((await post(`/api/sandbox-payments/${session}/pay`, {})).ok).toBe(true);
      }

      const settled = async () => {
        const { rows } = await db.query<{ open: number }>(
          `SELECT count(*)::int AS open FROM orders WHERE status NOT IN ('fulfilled', 'refunded')`,
        );
        return rows[0]?.open ?? -1;
      };
      for (const started = Date.now(); (await settled()) !== 0; ) {
        if (Date.now() - started > SETTLE_MS) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const { rows: open } = await db.query(
        `SELECT kind, status, count(*)::int AS n FROM orders GROUP BY kind, status`,
      );
      expect(await settled(), JSON.stringify(open)).toBe(0);

      const { rows: orders } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders`);
      expect(orders[0]?.n).toBe(2 * EACH);
      const { rows: twice } = await db.query(
        `SELECT order_id, status, count(*) FROM order_events WHERE status IN ('paid', 'fulfilled', 'refunded')
        GROUP BY order_id, status HAVING count(*) > 1`,
      );
      expect(twice).toEqual([]);
      const { rows: doubled } = await db.query(
        `SELECT imei, count(*) FROM sandbox_supplier_orders GROUP BY imei HAVING count(*) > 1`,
      );
      expect(doubled).toEqual([]);
      const { rows: profiles } = await db.query(
        `SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.kind = 'esim' AND o.status = 'fulfilled'
          AND (SELECT count(*) FROM esim_profiles p WHERE p.order_item_id = i.id) <> i.quantity`,
      );
      expect(profiles).toEqual([]);
    },
  );
});
