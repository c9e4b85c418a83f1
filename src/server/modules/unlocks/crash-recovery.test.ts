import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../../bootstrap.ts';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { createUnlockSupplier, serviceIdOf } from '../../integrations/suppliers/index.ts';
import { sandboxImei } from '../../integrations/suppliers/sandbox-outcomes.ts';
import type { UnlockSupplier } from '../../integrations/suppliers/types.ts';
import { createLogger } from '../../logger.ts';
import { postJson, waitForStatus } from '../../testing/orders.ts';
import { openTestDatabase, testDbKinds } from '../../testing/test-db.ts';
import { TEST_JOB_SETTINGS, testConfig } from '../../testing/test-store.ts';
import { placeUnlockOrder } from '../../testing/unlocks.ts';
import { sandboxSupplierStore } from '../quotes/sandbox-supplier-store.ts';
import { recordSupplierRef, startAttempt, unlockPlan } from './service.ts';

/**
 * The sandbox supplier behind a process that dies right after the supplier took the order: the
 * placement reaches the supplier, and the answer never comes back (the job stays active on a
 * worker that does nothing more, as when the process was killed). `release` ends the calls.
 */
function dyingAfterPlacing(inner: UnlockSupplier) {
  const hanging: ((error: Error) => void)[] = [];
  const supplier: UnlockSupplier = {
    ...inner,
    async placeOrder(input) {
      await inner.placeOrder(input);
      return new Promise((_, reject) => hanging.push(reject));
    },
  };
  return { supplier, release: () => hanging.forEach((reject) => reject(new Error('the dead worker is gone'))) };
}

// The job's expiry hands a dead worker's job to another: short here, with maintenance every second.
const JOBS = { ...TEST_JOB_SETTINGS, expireInSeconds: 2, maintenanceIntervalSeconds: 1 };
const BACKOFF = { firstSeconds: 0.1, maxSeconds: 0.4 };

describe.each(testDbKinds())('an unlock whose worker was killed after the supplier took it, on %s', (kind) => {
  let database: Database;
  let dead: Store;
  let dying: ReturnType<typeof dyingAfterPlacing>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const config = testConfig();
    dying = dyingAfterPlacing(createUnlockSupplier(config, { sandboxStore: sandboxSupplierStore(database.db) }));
    dead = await createStore({
      config,
      logger: createLogger('silent'),
      database: { ...database, close: async () => {} },
      serveClient: false,
      providers: { unlockSupplier: dying.supplier },
      jobs: { ...JOBS, concurrency: 1 },
      unlockBackoff: BACKOFF,
    });
  });
  afterAll(async () => {
    dying.release();
    await dead?.close();
    await database?.close();
  });

  it('is resumed by a restarted worker: the same supplier order, submitted once, completed', async () => {
    const imei = sandboxImei('success', 7);
    const order = await placeUnlockOrder(dead, imei, { email: `crash-${kind}@example.com` });
    const sessionId = new URL(order.url).pathname.split('/').at(-1) ?? '';
    await postJson(dead, `/api/sandbox-payments/${sessionId}/pay`, {});
    const supplierOrders = () =>
      database.db.select().from(t.sandboxSupplierOrders).where(eq(t.sandboxSupplierOrders.imei, imei));
    await expect.poll(async () => (await supplierOrders()).length, { timeout: 10_000 }).toBe(1);
    const attempts = await database.db
      .select()
      .from(t.unlockAttempts)
      .where(eq(t.unlockAttempts.orderId, order.orderId));
    expect(attempts.map((attempt) => attempt.supplierRef)).toEqual([null]);

    // A new process starts workers, as a replacement for the killed one would.
    const replacement = await createStore({
      config: testConfig(),
      logger: createLogger('silent'),
      database: { ...database, close: async () => {} },
      serveClient: false,
      jobs: JOBS,
      unlockBackoff: BACKOFF,
    });
    try {
      const done = await waitForStatus(replacement, { ...order, sessionId }, 'fulfilled', 30_000);
      expect(done.events.filter((event) => event.status === 'submitted')).toHaveLength(1);
      expect(await supplierOrders()).toHaveLength(1);
      const completedMails = async () =>
        (await replacement.deps.mailer.outbox({ to: `crash-${kind}@example.com` })).filter((mail) =>
          /is complete/.test(mail.subject),
        );
      await expect.poll(completedMails).toHaveLength(1);
    } finally {
      await replacement.close();
    }
  });
});

describe.each(testDbKinds())('an unlock whose order fell behind its supplier order, on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  // The database went away after the supplier's order was recorded and before the order moved to
  // submitted (found by the database outage test): the supplier completes it, and the order must
  // follow, not be refused "from paid to fulfilled" on every retry.
  it('catches the order up and completes it, with the one supplier order', async () => {
    const config = testConfig();
    const shared = { ...database, close: async () => {} };
    const paused = await createStore({
      config,
      logger: createLogger('silent'),
      database: shared,
      serveClient: false,
      jobs: { ...JOBS, workers: false },
      unlockBackoff: BACKOFF,
    });
    const imei = sandboxImei('success', 8);
    const order = await placeUnlockOrder(paused, imei, { email: `behind-${kind}@example.com` });
    const sessionId = new URL(order.url).pathname.split('/').at(-1) ?? '';
    await postJson(paused, `/api/sandbox-payments/${sessionId}/pay`, {});
    await paused.close();

    // What the cut-off run left: the attempt placed at the supplier, the order still paid.
    const plan = await unlockPlan(database.db, order.orderId);
    if (!plan) throw new Error('no plan');
    const attempt = await startAttempt(database.db, plan);
    const supplier = createUnlockSupplier(config, { sandboxStore: sandboxSupplierStore(database.db) });
    const { supplierRef } = await supplier.placeOrder({
      serviceId: serviceIdOf(supplier, attempt.toolId) ?? '',
      imei,
      reference: attempt.reference,
      fields: plan.fields,
    });
    await recordSupplierRef(database.db, attempt.id, supplierRef);

    const resumed = await createStore({
      config,
      logger: createLogger('silent'),
      database: shared,
      serveClient: false,
      jobs: JOBS,
      unlockBackoff: BACKOFF,
    });
    try {
      const done = await waitForStatus(resumed, { ...order, sessionId }, 'fulfilled', 20_000);
      expect(done.events.map((event) => event.status)).toEqual(['pending_payment', 'paid', 'submitted', 'fulfilled']);
      const supplierOrders = await database.db
        .select()
        .from(t.sandboxSupplierOrders)
        .where(eq(t.sandboxSupplierOrders.imei, imei));
      expect(supplierOrders).toHaveLength(1);
    } finally {
      await resumed.close();
    }
  });
});
