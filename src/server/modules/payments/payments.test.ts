import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../bootstrap.ts';
import { stripePaymentProvider } from '../../integrations/payments/stripe.ts';
import { placeEsimOrder, postJson, sandboxDelivery, getOrder } from '../../testing/orders.ts';
import { aCataloguePackage, type CataloguePackage as Package } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { couponUsage, createCoupon } from '../coupons/service.ts';
import { checkoutTotals } from '../../../domain/coupon.ts';
import { findOrder, findOrderByPaymentSession, orderEvents } from '../orders/service.ts';

const WEBHOOK_SECRET = 'whsec_openline_route_test';

/** Stripe's API as far as checkout needs it: every session created answers a hosted page URL. */
const stripeApi = (async (input: RequestInfo | URL) => {
  const id = `cs_test_${Math.random().toString(36).slice(2)}`;
  const body = String(input).endsWith('/v1/checkout/sessions')
    ? { id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }
    : { error: { message: 'not stubbed' } };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

describe.each(testDbKinds())('payment webhooks on %s', (kind) => {
  let store: Store;
  let pkg: Package;
  const deliver = (init: RequestInit) => store.app.request('/api/payments/webhook/sandbox', init);

  beforeAll(async () => {
    // The queue is not the subject here: jobs are queued, no worker runs them.
    store = await createTestStore(kind, { jobs: { workers: false } });
    pkg = await aCataloguePackage(store);
  });
  afterAll(() => store.close());

  const completed = (order: { orderId: string; sessionId: string }, id: string, amountCents = pkg.price_cents) =>
    sandboxDelivery(store, { id, type: 'completed', ...order, amountCents, paymentRef: `pi_sbx_${id}` });

  it('redeems a coupon exactly up to its limit under 100 concurrent payments of 100 orders', async () => {
    // A checkout holds a use until its session runs out, so the limit is raised while the 100
    // orders are placed, their sessions then run out (the expiry job, run as a day later, gives
    // every use back), and the limit is set to 10 before all 100 payments arrive late, at once.
    await createCoupon(store.deps.database.db, { code: 'TEN-ONLY', percentOff: 10, maxUsage: 100 });
    const orders = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        placeEsimOrder(store, {
          email: `buyer${i}@example.com`,
          items: [{ package_id: pkg.package_id, quantity: 1 }],
          coupon_code: 'ten-only',
        }),
      ),
    );
    await store.deps.workflows.expireUnpaidOrders(new Date(Date.now() + 25 * 60 * 60 * 1000));
    await store.deps.database.sql.executeSql(`UPDATE coupons SET max_usage = 10 WHERE code = 'TEN-ONLY'`);

    const total = checkoutTotals(pkg.price_cents, { percent_off: 10, amount_off_cents: null }).totalCents;

    const answers = await Promise.all(
      orders.map((order, i) => deliver(completed(order, `evt_concurrent_${i}`, total))),
    );

    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
    const db = store.deps.database.db;
    expect(await couponUsage(db, 'TEN-ONLY')).toEqual({ usageCount: 10, redemptions: 10 });
    const statuses = await Promise.all(orders.map(async (order) => (await findOrder(db, order.orderId))?.status));
    expect(statuses).toEqual(Array(100).fill('paid'));
    const histories = await Promise.all(orders.map((order) => orderEvents(db, order.orderId)));
    const notes = histories.filter((events) => events.some((event) => /reached its usage limit/.test(event.message)));
    expect(notes).toHaveLength(90);
  });

  it('applies a replayed event once: one paid event, one coupon use', async () => {
    await createCoupon(store.deps.database.db, { code: 'REPLAY', amountOffCents: 100 });
    const order = await placeEsimOrder(store, {
      items: [{ package_id: pkg.package_id, quantity: 1 }],
      coupon_code: 'REPLAY',
    });
    const init = completed(order, 'evt_replayed', pkg.price_cents - 100);

    for (let i = 0; i < 5; i++) expect((await deliver({ ...init })).status).toBe(200);

    const events = await orderEvents(store.deps.database.db, order.orderId);
    expect(events.map((event) => event.status)).toEqual(['pending_payment', 'paid']);
    expect(await couponUsage(store.deps.database.db, 'REPLAY')).toEqual({ usageCount: 1, redemptions: 1 });
  });

  it('ignores an expiry after the payment, and still takes a payment after the expiry', async () => {
    const paidFirst = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await deliver(completed(paidFirst, 'evt_paid_then_expired'));
    await deliver(
      sandboxDelivery(store, { id: 'evt_late_expiry', type: 'expired', ...paidFirst, amountCents: pkg.price_cents }),
    );
    expect((await getOrder(store, paidFirst.orderId, paidFirst.token)).body.status).toBe('paid');

    const expiredFirst = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await deliver(
      sandboxDelivery(store, {
        id: 'evt_expired_first',
        type: 'expired',
        ...expiredFirst,
        amountCents: pkg.price_cents,
      }),
    );
    expect((await getOrder(store, expiredFirst.orderId, expiredFirst.token)).body.status).toBe('expired');
    await deliver(completed(expiredFirst, 'evt_paid_after_expiry'));
    const { body } = await getOrder(store, expiredFirst.orderId, expiredFirst.token);
    expect(body.status).toBe('paid');
    expect(body.events.map((event) => [event.status, event.message])).toEqual([
      ['pending_payment', 'Order placed. Waiting for payment.'],
      ['expired', 'The checkout closed before payment.'],
      ['paid', 'Payment received after the checkout had closed.'],
    ]);
  });

  it('refuses deliveries with a wrong, missing or stale signature and changes nothing', async () => {
    const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    const genuine = completed(order, 'evt_signature_checks');
    const tampered = {
      ...genuine,
      body: String(genuine.body).replace(`"amount_total":${pkg.price_cents}`, '"amount_total":1'),
    };
    const unsigned = { ...genuine, headers: { 'content-type': 'application/json' } };
    const stale = sandboxDelivery(
      store,
      { id: 'evt_stale', type: 'completed', ...order, amountCents: pkg.price_cents },
      Math.floor(Date.now() / 1000) - 600,
    );

    for (const init of [tampered, unsigned, stale]) {
      const res = await deliver(init);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    }
    expect((await getOrder(store, order.orderId, order.token)).body.status).toBe('pending_payment');
    // A forged delivery claims nothing: the genuine event with the same id still counts.
    expect((await deliver(genuine)).status).toBe(200);
    expect((await getOrder(store, order.orderId, order.token)).body.status).toBe('paid');
  });

  it('answers 404 for the webhook of a provider that is not configured', async () => {
    const res = await postJson(store, '/api/payments/webhook/stripe', {});
    expect(res.status).toBe(404);
  });
});

describe.each(testDbKinds())('Stripe checkout and webhook route on %s', (kind) => {
  let store: Store;
  let packageId: string;

  beforeAll(async () => {
    store = await createTestStore(kind, {
      jobs: { workers: false },
      providers: {
        payments: stripePaymentProvider({
          secretKey: 'sk_test_route',
          webhookSecret: WEBHOOK_SECRET,
          fetch: stripeApi,
        }),
      },
    });
    const packages = (await (await store.app.request('/api/esim/packages')).json()) as { package_id: string }[];
    packageId = packages[0]?.package_id ?? '';
  });
  afterAll(() => store.close());

  const deliver = (payload: string, timestamp?: number, secret = WEBHOOK_SECRET) =>
    store.app.request('/api/payments/webhook/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
      },
      body: payload,
    });

  it('sends the buyer to Stripe and takes the order to paid on a verified checkout.session.completed', async () => {
    const res = await postJson(store, '/api/esim/checkout', {
      email: 'stripe@example.com',
      device_type: 'ios',
      items: [{ package_id: packageId, quantity: 1 }],
    });
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sessionId = url.split('/').at(-1) ?? '';
    const orderId = (await findOrderByPaymentSession(store.deps.database.db, 'stripe', sessionId)) ?? '';
    const order = await findOrder(store.deps.database.db, orderId);
    const payload = JSON.stringify({
      id: `evt_route_${kind}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          amount_total: order?.totalCents,
          payment_status: 'paid',
          payment_intent: 'pi_test_route',
          metadata: { order_id: orderId },
        },
      },
    });

    const tampered = payload.replace('"payment_intent":"pi_test_route"', '"payment_intent":"pi_test_other"');
    expect((await deliver(payload, undefined, 'whsec_not_ours')).status).toBe(400);
    expect((await deliver(payload, Math.floor(Date.now() / 1000) - 600)).status).toBe(400);
    const forged = await store.app.request('/api/payments/webhook/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: tampered,
    });
    expect(forged.status).toBe(400);
    expect((await getOrder(store, orderId, order?.accessToken ?? '')).body.status).toBe('pending_payment');

    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    const { body } = await getOrder(store, orderId, order?.accessToken ?? '');
    expect(body.status).toBe('paid');
    expect(body.events.map((event) => event.status)).toEqual(['pending_payment', 'paid']);
    expect((await findOrder(store.deps.database.db, orderId))?.paymentRef).toBe('pi_test_route');
  });

  it('has no sandbox pay page while Stripe takes the payments', async () => {
    expect((await store.app.request('/api/sandbox-payments/cs_sbx_anything')).status).toBe(404);
    expect((await postJson(store, '/api/payments/webhook/sandbox', {})).status).toBe(404);
  });
});
