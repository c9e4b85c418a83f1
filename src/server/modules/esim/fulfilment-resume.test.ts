import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../../bootstrap.ts';
import type { Database } from '../../db/client.ts';
import { sandboxEsimProvider } from '../../integrations/esim/sandbox.ts';
import type { EsimProvider } from '../../integrations/esim/types.ts';
import { createLogger } from '../../logger.ts';
import { asKind, placeEsimOrder, postJson, waitForStatus } from '../../testing/orders.ts';
import { openTestDatabase, testDbKinds } from '../../testing/test-db.ts';
import { TEST_JOB_SETTINGS, testConfig } from '../../testing/test-store.ts';

const QUANTITY = 6;
const ISSUED_BEFORE_DEATH = 2;

/**
 * A provider whose process dies in the middle of an order: it issues `count` eSIMs, then its next
 * call never answers, so the job stays active on a worker that does nothing more, as when the
 * process was killed. `release` ends that call (after the test) so nothing is left pending.
 */
function dyingProvider(count: number) {
  const inner = sandboxEsimProvider();
  let release: (error: Error) => void = () => {};
  const provider: EsimProvider = {
    name: 'sandbox',
    listPackages: () => inner.listPackages(),
    async provision(request) {
      if (inner.provisioned < count) return inner.provision(request);
      return new Promise((_, reject) => {
        release = reject;
      });
    },
  };
  return { provider, issued: () => inner.provisioned, release: () => release(new Error('the dead worker is gone')) };
}

// The job's expiry is what hands a dead worker's job to another: short here, with maintenance every second.
const JOBS = { ...TEST_JOB_SETTINGS, expireInSeconds: 2, maintenanceIntervalSeconds: 1 };

describe.each(testDbKinds())('a worker killed in the middle of an order, on %s', (kind) => {
  let database: Database;
  let dead: Store;
  let alive: Store;
  const dying = dyingProvider(ISSUED_BEFORE_DEATH);
  const healthy = sandboxEsimProvider();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Two instances on one database; the first runs one job at a time, so its stuck job holds it.
    const shared = { ...database, close: async () => {} };
    const config = testConfig();
    const logger = createLogger('silent');
    dead = await createStore({
      config,
      logger,
      database: shared,
      serveClient: false,
      providers: { esim: dying.provider },
      jobs: { ...JOBS, concurrency: 1 },
    });
    alive = await createStore({
      config,
      logger,
      database: shared,
      serveClient: false,
      providers: { esim: healthy },
      jobs: { ...JOBS, workers: false },
    });
  });
  afterAll(async () => {
    dying.release();
    await dead?.close();
    await alive?.close();
    await database?.close();
  });

  it('is resumed by another worker: exactly the ordered eSIMs and one receipt', async () => {
    const email = `resumed-${kind}@example.com`;
    const packages = (await (await alive.app.request('/api/esim/packages')).json()) as { package_id: string }[];
    const order = await placeEsimOrder(alive, {
      email,
      items: [{ package_id: packages[0]?.package_id ?? '', quantity: QUANTITY }],
    });
    await postJson(alive, `/api/sandbox-payments/${order.sessionId}/pay`, {});
    await expect.poll(() => dying.issued(), { timeout: 10_000 }).toBe(ISSUED_BEFORE_DEATH);

    // Another instance starts workers, as a replacement for the killed process would.
    const replacement = await createStore({
      config: testConfig(),
      logger: createLogger('silent'),
      database: { ...database, close: async () => {} },
      serveClient: false,
      providers: { esim: healthy },
      jobs: JOBS,
    });
    try {
      const receipt = await waitForStatus(replacement, order, 'fulfilled', 20_000);
      expect(asKind(receipt, 'esim').esim_profiles).toHaveLength(QUANTITY);
      expect(new Set(asKind(receipt, 'esim').esim_profiles.map((profile) => profile.iccid)).size).toBe(QUANTITY);
      // Nothing was issued twice: the dead worker's two and the rest by the replacement.
      expect(dying.issued() + healthy.provisioned).toBe(QUANTITY);
      await expect.poll(() => replacement.deps.mailer.outbox({ to: email })).toHaveLength(1);
    } finally {
      await replacement.close();
    }
  });
});
