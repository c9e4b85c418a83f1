import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../bootstrap.ts';
import { QUEUES } from '../jobs/queue.ts';
import type { Mailer } from '../modules/mail/service.ts';
import { anEsimOrder } from '../testing/fixtures.ts';
import { postJson, waitForStatus } from '../testing/orders.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore } from '../testing/test-store.ts';

/** Order events reach their subscribers through the job queue, once each, retried on failure (ADR 069). */
describe.each(testDbKinds())('order events and their subscribers, on %s', (kind) => {
  describe('relayed', () => {
    let store: Store;
    beforeAll(async () => {
      // No workers: the subscribers' jobs stay queued, where the test counts them.
      store = await createTestStore(kind, { jobs: { workers: false } });
    });
    afterAll(() => store.close());

    it('hands each event to each subscriber once, however many relays run at once', async () => {
      const order = await anEsimOrder(store);
      const jobsPerEvent = async () => {
        const { rows } = await store.deps.database.sql.executeSql(
          `SELECT data->>'id' AS event, count(*)::int AS jobs FROM pgboss.job
            WHERE name = $1 AND data->>'orderId' = $2 GROUP BY 1`,
          [QUEUES.orderEventMail, order.orderId],
        );
        return rows as { event: string; jobs: number }[];
      };
      // The store's own relay (woken by the event's NOTIFY) races these three.
      await Promise.all([1, 2, 3].map(() => store.deps.workflows.relayOrderEvents()));
      await expect.poll(async () => (await jobsPerEvent()).length).toBe(1);
      expect(await store.deps.workflows.relayOrderEvents()).toBe(0);
      expect(await jobsPerEvent()).toEqual([{ event: expect.any(String), jobs: 1 }]);
    });
  });

  describe('handled', () => {
    let store: Store;
    beforeAll(async () => {
      store = await createTestStore(kind);
    });
    afterAll(() => store.close());

    it('retries a subscriber that failed, and the email still goes out once', async () => {
      const email = `events-${kind}@example.com`;
      const mailer = store.deps.mailer as { -readonly [K in keyof Mailer]: Mailer[K] };
      const send = mailer.send;
      let failures = 1;
      mailer.send = async (mail, options) => {
        if (mail.to === email && failures > 0) {
          failures--;
          throw new Error('the mail renderer fell over');
        }
        return send(mail, options);
      };
      try {
        const order = await anEsimOrder(store, { email });
        await postJson(store, `/api/sandbox-payments/${order.sessionId}/pay`, {});
        await waitForStatus(store, order, 'fulfilled');
        await expect.poll(() => store.deps.mailer.outbox({ to: email }), { timeout: 15_000 }).toHaveLength(1);
        expect(failures).toBe(0);
      } finally {
        mailer.send = send;
      }
    });
  });
});
