import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  faultTestDatabase,
  placeOrders,
  postJson,
  settledOrders,
  startStore,
  stopStore,
  type StoreProcess,
} from './testing/store-process.ts';

/**
 * Issue 27: a store killed (SIGKILL) in the middle of a burst of 30 paid unlocks and 30 paid
 * eSIM orders, and started again on the same PostgreSQL database: every paid order ends
 * delivered or refunded, none twice, no unlock with two supplier orders. Real processes, the
 * sandbox providers, PostgreSQL only (the embedded database has one owner and is covered by the
 * in-process crash tests).
 */
const SERVER = process.env.TEST_DATABASE_URL;
const PORT = 3950 + (process.pid % 40);
const EACH = 30;
const SETTLE_MS = 150_000;

describe.skipIf(!SERVER)('a store killed mid-burst and restarted on PostgreSQL', () => {
  const database = faultTestDatabase(SERVER ?? 'postgres://x@127.0.0.1/x', 'crash');
  let store: StoreProcess | undefined;

  beforeAll(() => database.create());
  afterAll(async () => {
    if (store) await stopStore(store, 'SIGKILL');
    await database.drop();
  });

  it(
    'delivers or refunds every paid order once, with one supplier order per unlock',
    { timeout: 240_000 },
    async () => {
      store = await startStore(database.env, PORT);
      const { base } = store;
      const sessions = await placeOrders(base, EACH, 'crash');
      expect(sessions).toHaveLength(2 * EACH);

      // Every payment at once; the store is killed when half of them have been answered.
      let answered = 0;
      const running = store;
      const killed = new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (answered < EACH) return;
          clearInterval(check);
          running.child.kill('SIGKILL');
          resolve();
        }, 1);
      });
      const paid = await Promise.all(
        sessions.map(async (session) => {
          try {
            const res = await postJson(base, `/api/sandbox-payments/${session}/pay`, {});
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
      await stopStore(running, 'SIGKILL');

      store = await startStore(database.env, PORT);
      // The buyers whose Pay went unanswered press it again (a paid session answers as paid).
      for (const [index, session] of sessions.entries()) {
        if (!paid[index]) expect((await postJson(base, `/api/sandbox-payments/${session}/pay`, {})).ok).toBe(true);
      }

      const result = await settledOrders(database.url, SETTLE_MS);
      process.stdout.write(
        `crash mid-burst: ${sessions.length} payments, ${paid.filter((ok) => !ok).length} cut off by the kill; ` +
          `${result.total} orders, ${result.open.length} open, ${result.twice.length} doubled, ` +
          `${result.doubledSupplierOrders.length} IMEIs sent twice\n`,
      );
      expect(result.open).toEqual([]);
      expect(result.total).toBe(2 * EACH);
      expect(result.twice).toEqual([]);
      expect(result.doubledSupplierOrders).toEqual([]);
      expect(result.wrongProfiles).toEqual([]);
    },
  );
});
