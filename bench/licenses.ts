// `npm run bench:licenses` (part of `npm run bench`): license keys claimed by paid orders on
// PostgreSQL, 50 payments at a time, each settled in its own transaction through the store's
// payment workflow (the claim is one statement with FOR UPDATE SKIP LOCKED, ADR 079).
//  Baseline, same run, same database: the same payments one at a time (what 50 at a time gains).
//  Beside it, the bare claim statement with SKIP LOCKED and with a plain FOR UPDATE (the obvious
//  way to write it, which makes concurrent payments queue behind each other's rows).
//  Afterwards the database is asked: no key went to two orders, no order got more or fewer keys
//  than it paid for (duplicates, must be 0).
import pg from 'pg';
import { createStore } from '../src/server/bootstrap.ts';
import { configSchema } from '../src/server/config.ts';
import { inTransaction, openPostgres } from '../src/server/db/client.ts';
import * as t from '../src/server/db/schema.ts';
import { createLogger } from '../src/server/logger.ts';
import { placeOrder } from '../src/server/modules/orders/service.ts';
import { onPostgres, pool, ratio } from './lib.ts';

const ORDERS = Number(process.env.BENCH_LICENSE_ORDERS ?? 2000);
const CONCURRENCY = 50;
const PRODUCTS = ['bench-store-50', 'bench-store-1', 'bench-bare-skip', 'bench-bare-plain'] as const;

async function measure(label: string, env: Record<string, string>) {
  if (!env.DATABASE_URL) return;
  const config = configSchema.parse({ ...env, LOG_LEVEL: 'silent', PORT: '0' });
  const database = openPostgres(env.DATABASE_URL, CONCURRENCY + 10);
  const store = await createStore({
    config,
    database,
    logger: createLogger('silent'),
    serveClient: false,
    // The payments are what is measured: no worker competes for the connections.
    jobs: { workers: false },
  });
  const db = store.deps.database.db;
  try {
    for (const slug of PRODUCTS) {
      await db.insert(t.licenseProducts).values({
        slug,
        name: slug,
        vendor: 'Bench',
        edition: 'Bench',
        category: 'utilities',
        platforms: ['windows'],
        termMonths: null,
        devices: 1,
        priceCents: 1000,
        summary: 'A license the benchmark sells.',
        receives: ['One key'],
        activationSteps: ['Type the key.'],
      });
      const rows = Array.from(
        { length: ORDERS },
        (_, i) => `${slug},${slug.toUpperCase()}-${String(i).padStart(6, '0')}`,
      );
      const report = await store.deps.licenses.importKeys(['product,key', ...rows].join('\n'));
      if (report.imported !== ORDERS) throw new Error(`imported ${report.imported} of ${ORDERS} keys`);
    }
    const ordersOf = async (slug: string) => {
      const ids: string[] = [];
      for (let i = 0; i < ORDERS; i += 1) {
        const order = await placeOrder(db, {
          kind: 'license',
          email: `bench-${i}@example.com`,
          userId: null,
          currency: 'USD',
          subtotalCents: 1000,
          discountCents: 0,
          totalCents: 1000,
          couponCode: null,
          items: [{ productRef: slug, name: slug, unitPriceCents: 1000, quantity: 1, details: {} }],
        });
        ids.push(order.id);
      }
      return ids;
    };

    // The store's way: every payment settles through the workflow, which claims in onPaid.
    const settle = (orderId: string) =>
      inTransaction(db, (tx) =>
        store.deps.workflows.applyPaymentEvent(tx, 'bench', {
          id: `evt-${orderId}`,
          type: 'completed',
          providerType: 'bench',
          sessionId: null,
          orderId,
          paymentRef: `pi-${orderId}`,
          amountCents: 1000,
        }),
      );
    const rate = async (ids: readonly string[], concurrency: number, work: (orderId: string) => Promise<unknown>) => {
      const started = performance.now();
      await pool(ids, concurrency, work);
      return ids.length / ((performance.now() - started) / 1000);
    };
    const paid = await ordersOf('bench-store-50');
    const storeAtFifty = await rate(paid, CONCURRENCY, settle);
    const sequential = await ordersOf('bench-store-1');
    const storeAtOne = await rate(sequential, 1, settle);

    // The bare claim statement, with and without SKIP LOCKED, one transaction per payment.
    const client = new pg.Pool({ connectionString: env.DATABASE_URL, max: CONCURRENCY });
    const bareClaim = (slug: string, lock: string) => async (orderId: string) => {
      const connection = await client.connect();
      try {
        await connection.query('BEGIN');
        await connection.query(
          `UPDATE license_keys SET state = 'assigned', order_id = $1,
             order_item_id = (SELECT id FROM order_items WHERE order_id = $1 LIMIT 1), assigned_at = now()
           WHERE id IN (SELECT id FROM license_keys WHERE product_slug = $2 AND state = 'available'
                        ORDER BY imported_at, id LIMIT 1 ${lock})`,
          [orderId, slug],
        );
        await connection.query('COMMIT');
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      } finally {
        connection.release();
      }
    };
    const bareSkip = await rate(
      await ordersOf('bench-bare-skip'),
      CONCURRENCY,
      bareClaim('bench-bare-skip', 'FOR UPDATE SKIP LOCKED'),
    );
    const barePlain = await rate(
      await ordersOf('bench-bare-plain'),
      CONCURRENCY,
      bareClaim('bench-bare-plain', 'FOR UPDATE'),
    );
    await client.end();

    const check = async (slug: string, ids: readonly string[]) => {
      const { rows } = await database.sql.executeSql(
        `SELECT
           (SELECT count(*)::int FROM license_keys WHERE product_slug = $1 AND order_id IS NOT NULL) AS claimed,
           (SELECT count(*)::int FROM (SELECT order_id FROM license_keys WHERE product_slug = $1
              AND order_id IS NOT NULL GROUP BY order_id HAVING count(*) <> 1) AS twice) AS orders_wrong,
           (SELECT count(*)::int FROM orders WHERE id = ANY($2::text[])
              AND NOT EXISTS (SELECT 1 FROM license_keys WHERE order_id = orders.id)) AS orders_without`,
        [slug, ids],
      );
      return rows[0] as { claimed: number; orders_wrong: number; orders_without: number };
    };
    const mine = await check('bench-store-50', paid);
    const one = await check('bench-store-1', sequential);
    console.log(`\n${label}: ${ORDERS} paid license orders, one key each`);
    console.log(
      `  the store, ${CONCURRENCY} payments at a time   ${Math.round(storeAtFifty)} allocations/s   duplicates ${mine.orders_wrong}   orders without a key ${mine.orders_without}`,
    );
    console.log(
      `  the store, one at a time (baseline)  ${Math.round(storeAtOne)} allocations/s   duplicates ${one.orders_wrong}`,
    );
    console.log(`  ratio to the baseline: ${ratio(storeAtFifty, storeAtOne)}×`);
    console.log(
      `  the bare claim, ${CONCURRENCY} at a time: SKIP LOCKED ${Math.round(bareSkip)}/s, plain FOR UPDATE ${Math.round(barePlain)}/s (${ratio(bareSkip, barePlain)}×)`,
    );
    if (mine.orders_wrong !== 0 || mine.orders_without !== 0 || mine.claimed !== ORDERS) {
      throw new Error('a key went to two orders, or an order did not get its key');
    }
  } finally {
    await store.close();
  }
}

await onPostgres(measure);
