import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../bootstrap.ts';
import type { Database } from '../../db/client.ts';
import { stripePaymentProvider } from '../../integrations/payments/stripe.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.ts';
import { getOrder, placeEsimOrder, type PlacedOrder, postJson, waitForStatus } from '../../testing/orders.ts';
import { openTestDatabase, testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { couponUsage, createCoupon } from '../coupons/service.ts';
import { findOrder, findOrderByPaymentSession } from '../orders/service.ts';
import { reconcilePayments } from './reconcile.ts';
import { sandboxSessionStore } from './repo-sandbox.ts';
import { aCataloguePackage, type CataloguePackage as Package } from '../../testing/fixtures.ts';

/** Reconciliation looks at checkouts older than a minute: run it as if two minutes had passed. */
const later = () => new Date(Date.now() + 2 * 60_000);

/** The database stays open when the store on it closes: the next store finds what the last one left. */
const surviving = (database: Database): Database => ({ ...database, close: async () => {} });

async function provisionJobs(store: Store, orderId: string): Promise<number> {
  const { rows } = await store.deps.database.sql.executeSql(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'esim.provision' AND data->>'orderId' = $1`,
    [orderId],
  );
  return (rows[0] as { n: number }).n;
}

const sandboxOf = (store: Store): SandboxPaymentProvider => {
  if (!store.deps.payments.sandbox) throw new Error('the sandbox is not the payment provider');
  return store.deps.payments.sandbox;
};

const pay = (store: Store, order: PlacedOrder) => postJson(store, `/api/sandbox-payments/${order.sessionId}/pay`, {});

describe.each(testDbKinds())('payment events survive a crash on %s', (kind) => {
  let database: Database;
  let store: Store;
  let pkg: Package;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = await createTestStore(kind, { database: surviving(database) });
    const packages = (await (await store.app.request('/api/esim/packages')).json()) as Package[];
    pkg = packages[0] as Package;
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  it('retries a delivery the store failed to handle: the order ends paid and fulfilled once', async () => {
    const email = `retried-${kind}@example.com`;
    const order = await placeEsimOrder(store, { email, items: [{ package_id: pkg.package_id, quantity: 1 }] });
    // The store dies while it handles the first delivery: the webhook answers 500.
    const dies = vi.spyOn(store.deps.payments, 'receiveWebhook').mockRejectedValueOnce(new Error('the process died'));

    const paid = await pay(store, order);
    expect(dies).toHaveBeenCalledTimes(1);
    dies.mockRestore();

    // The sandbox took the money: the buyer goes to the receipt, the event goes out again.
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { url: string }).url).toContain(`/esim/receipt?order=${order.orderId}`);
    const receipt = await waitForStatus(store, order, 'fulfilled');
    expect(receipt.events.map((event) => event.status)).toEqual(['pending_payment', 'paid', 'fulfilled']);
    await expect.poll(() => store.deps.mailer.outbox({ to: email })).toHaveLength(1);
    expect(await provisionJobs(store, order.orderId)).toBe(1);
  });

  it('runs reconciliation every minute on pg-boss’s shared clock', async () => {
    const { rows } = await store.deps.database.sql.executeSql(`SELECT cron FROM pgboss.schedule WHERE name = $1`, [
      'payments.reconcile',
    ]);
    expect(rows).toEqual([{ cron: '* * * * *' }]);
  });

  it('delivers the event of a session closed just before the process died, from the next process', async () => {
    const email = `crashed-${kind}@example.com`;
    const order = await placeEsimOrder(store, { email, items: [{ package_id: pkg.package_id, quantity: 1 }] });
    // The sandbox closes the session, then the process dies before the event reaches the webhook.
    await sandboxOf(store).settle(order.sessionId, 'pay');
    await store.close();

    store = await createTestStore(kind, { database: surviving(database) });

    const receipt = await waitForStatus(store, order, 'fulfilled');
    expect(receipt.events.map((event) => event.status)).toEqual(['pending_payment', 'paid', 'fulfilled']);
    // The receipt email is a job of its own, queued once the order is fulfilled.
    await expect.poll(() => store.deps.mailer.outbox({ to: email })).toHaveLength(1);
    expect(await provisionJobs(store, order.orderId)).toBe(1);
  });
});

describe.each(testDbKinds())('lost and replayed payment events on %s', (kind) => {
  let store: Store;
  let pkg: Package;

  beforeAll(async () => {
    // No workers: every delivery and every reconciliation happens where the test says.
    store = await createTestStore(kind, { jobs: { workers: false } });
    pkg = await aCataloguePackage(store);
  });
  afterAll(() => store.close());

  const reconcile = () =>
    reconcilePayments(
      { db: store.deps.database.db, payments: store.deps.payments, logger: store.deps.logger },
      later(),
    );

  it('sends the buyer on when the first delivery is slow, and the delivery still lands', async () => {
    const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    const payments = store.deps.payments;
    const handle = payments.receiveWebhook.bind(payments);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The webhook handler is stuck until the buyer has their answer.
    const slow = vi.spyOn(payments, 'receiveWebhook').mockImplementationOnce(async (...args) => {
      await held;
      return handle(...args);
    });

    const paid = await pay(store, order);

    expect(paid.status).toBe(200);
    expect((await getOrder(store, order.orderId, order.token)).body.status).toBe('pending_payment');
    release();
    slow.mockRestore();
    await waitForStatus(store, order, 'paid');
  });

  it('closes a session and stores its event together, or neither', async () => {
    const first = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    const second = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    const sessions = sandboxSessionStore(store.deps.database.db);
    const event = { id: `evt_sbx_atomic_${kind}`, type: 'checkout.session.completed', body: '{}' };
    expect(await sessions.close(first.sessionId, 'paid', `pi_sbx_atomic_1_${kind}`, event)).toBe(true);

    // Storing the event fails (its id is taken): the session must stay open.
    await expect(sessions.close(second.sessionId, 'paid', `pi_sbx_atomic_2_${kind}`, event)).rejects.toThrow();
    expect((await sessions.find(second.sessionId))?.status).toBe('open');
  });

  it('keeps a refused event due, and a sweep queues it once, later', async () => {
    const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    const { eventId } = await sandboxOf(store).settle(order.sessionId, 'pay');
    const refuse = vi.spyOn(store.deps.payments, 'receiveWebhook').mockRejectedValueOnce(new Error('down'));
    expect(await store.deps.payments.sandboxEvents?.deliverNow(eventId ?? '')).toBe(false);
    refuse.mockRestore();
    const events = store.deps.payments.sandboxEvents;

    expect(await sandboxOf(store).dueEvents({ leaseMs: 60_000, limit: 100 })).not.toContain(eventId);
    expect(await events?.queueDue(later())).toBeGreaterThanOrEqual(1);
    expect(await sandboxOf(store).dueEvents({ now: later(), leaseMs: 60_000, limit: 100 })).not.toContain(eventId);

    expect(await sandboxOf(store).deliverEvent(eventId ?? '')).toBe(true);
    expect((await getOrder(store, order.orderId, order.token)).body.status).toBe('paid');
  });

  it('settles an order whose webhook never arrived by asking the provider', async () => {
    const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await sandboxOf(store).settle(order.sessionId, 'pay');
    expect((await getOrder(store, order.orderId, order.token)).body.status).toBe('pending_payment');

    await reconcile();

    const { body } = await getOrder(store, order.orderId, order.token);
    expect(body.status).toBe('paid');
    expect(body.events.map((event) => event.message)).toEqual([
      'Order placed. Waiting for payment.',
      'Payment received.',
    ]);
    const session = await sandboxOf(store).retrieveSession(order.sessionId);
    expect((await findOrder(store.deps.database.db, order.orderId))?.paymentRef).toBe(session?.paymentRef);
    expect(await provisionJobs(store, order.orderId)).toBe(1);
  });

  it('leaves unpaid and recent checkouts alone', async () => {
    const open = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    const fresh = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await sandboxOf(store).settle(fresh.sessionId, 'pay');

    await reconcilePayments({ db: store.deps.database.db, payments: store.deps.payments, logger: store.deps.logger });

    expect((await getOrder(store, fresh.orderId, fresh.token)).body.status).toBe('pending_payment');
    await reconcile();
    expect((await getOrder(store, open.orderId, open.token)).body.status).toBe('pending_payment');
    expect((await getOrder(store, fresh.orderId, fresh.token)).body.status).toBe('paid');
  });

  it('asks about an abandoned checkout with a backoff: 28 times in its 25 hours, not every minute', async () => {
    const open = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    const asked = vi.spyOn(store.deps.payments.provider, 'retrieveSession');
    const placedAt = (await findOrder(store.deps.database.db, open.orderId))?.createdAt ?? new Date();
    try {
      // The reconciliation job's every minute, over the session's whole payable life.
      for (let minute = 1; minute <= 25 * 60; minute++) {
        await reconcilePayments(
          { db: store.deps.database.db, payments: store.deps.payments, logger: store.deps.logger },
          new Date(placedAt.getTime() + minute * 60_000 + 1_000),
        );
      }
      const calls = asked.mock.calls.filter(([sessionId]) => sessionId === open.sessionId).length;
      // 1, 2, 5, 15 minutes, then hourly: 4 + about 24.
      expect(calls).toBeGreaterThanOrEqual(26);
      expect(calls).toBeLessThanOrEqual(30);
    } finally {
      asked.mockRestore();
    }
    expect((await getOrder(store, open.orderId, open.token)).body.status).toBe('pending_payment');
  });

  it('re-delivers the stored event when Pay is pressed again on a paid session', async () => {
    const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await sandboxOf(store).settle(order.sessionId, 'pay');

    const again = await pay(store, order);

    expect(again.status).toBe(200);
    expect(((await again.json()) as { url: string }).url).toContain(`/esim/receipt?order=${order.orderId}`);
    expect((await getOrder(store, order.orderId, order.token)).body.status).toBe('paid');
  });

  it('takes one payment, one fulfilment and one coupon use from replays and a racing reconciliation', async () => {
    await createCoupon(store.deps.database.db, { code: `ONCE-${kind}`.toUpperCase(), amountOffCents: 100 });
    const order = await placeEsimOrder(store, {
      items: [{ package_id: pkg.package_id, quantity: 1 }],
      coupon_code: `ONCE-${kind}`,
    });
    await sandboxOf(store).settle(order.sessionId, 'pay');

    const answers = await Promise.all([reconcile(), pay(store, order), pay(store, order), reconcile()]);
    expect(answers[1]).toMatchObject({ status: 200 });
    expect(answers[2]).toMatchObject({ status: 200 });
    expect((await pay(store, order)).status).toBe(200);
    await reconcile();

    const { body } = await getOrder(store, order.orderId, order.token);
    expect(body.events.map((event) => event.status)).toEqual(['pending_payment', 'paid']);
    expect(await provisionJobs(store, order.orderId)).toBe(1);
    expect(await couponUsage(store.deps.database.db, `ONCE-${kind}`.toUpperCase())).toEqual({
      usageCount: 1,
      redemptions: 1,
    });
  });
});

const WEBHOOK_SECRET = 'whsec_openline_reconcile_test';

/** Stripe's API for checkout and retrieval: sessions open until the test marks one paid. */
function stripeApi() {
  const paid = new Map<string, { paymentIntent: string; amount: number }>();
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/v1/checkout/sessions' && init?.method === 'POST') {
      const id = `cs_test_${Math.random().toString(36).slice(2)}`;
      return answer({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` });
    }
    const id = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)?.[1];
    if (id) {
      const payment = paid.get(id);
      return answer({
        id,
        object: 'checkout.session',
        status: payment ? 'complete' : 'open',
        payment_status: payment ? 'paid' : 'unpaid',
        payment_intent: payment?.paymentIntent ?? null,
        amount_total: payment?.amount ?? null,
      });
    }
    return new Response(JSON.stringify({ error: { message: 'not stubbed' } }), { status: 404 });
  }) as typeof fetch;
  return { fetch: fetchStub, paid };
}

describe.each(testDbKinds())('Stripe reconciliation on %s', (kind) => {
  const api = stripeApi();
  let store: Store;
  let packageId: string;

  beforeAll(async () => {
    store = await createTestStore(kind, {
      jobs: { workers: false },
      providers: {
        payments: stripePaymentProvider({
          secretKey: 'sk_test_reconcile',
          webhookSecret: WEBHOOK_SECRET,
          fetch: api.fetch,
        }),
      },
    });
    const packages = (await (await store.app.request('/api/esim/packages')).json()) as { package_id: string }[];
    packageId = packages[0]?.package_id ?? '';
  });
  afterAll(() => store.close());

  it('settles a session Stripe reports paid, and the late webhook changes nothing', async () => {
    const res = await postJson(store, '/api/esim/checkout', {
      email: 'stripe-lost@example.com',
      device_type: 'ios',
      items: [{ package_id: packageId, quantity: 1 }],
    });
    const sessionId = ((await res.json()) as { url: string }).url.split('/').at(-1) ?? '';
    const db = store.deps.database.db;
    const orderId = (await findOrderByPaymentSession(db, 'stripe', sessionId)) ?? '';
    const order = await findOrder(db, orderId);
    api.paid.set(sessionId, { paymentIntent: 'pi_test_reconciled', amount: order?.totalCents ?? 0 });

    await reconcilePayments({ db, payments: store.deps.payments, logger: store.deps.logger }, later());

    expect((await findOrder(db, orderId))?.status).toBe('paid');
    expect((await findOrder(db, orderId))?.paymentRef).toBe('pi_test_reconciled');
    const payload = JSON.stringify({
      id: `evt_late_${kind}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          amount_total: order?.totalCents,
          payment_status: 'paid',
          payment_intent: 'pi_test_reconciled',
          metadata: { order_id: orderId },
        },
      },
    });
    const late = await store.app.request('/api/payments/webhook/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(late.status).toBe(200);
    const { body } = await getOrder(store, orderId, order?.accessToken ?? '');
    expect(body.events.map((event) => event.status)).toEqual(['pending_payment', 'paid']);
    expect(await provisionJobs(store, orderId)).toBe(1);
  });
});
