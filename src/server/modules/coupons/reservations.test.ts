import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../../domain/coupon.ts';
import type { Store } from '../../bootstrap.ts';
import { placeEsimOrder, postJson } from '../../testing/orders.ts';
import { aCataloguePackage, type CataloguePackage as Package } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { PAYMENT_START_FAILED } from '../../../domain/order.ts';
import { sandboxPaymentProvider, type SandboxSessionStore } from '../../integrations/payments/sandbox.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { couponReservations, couponUsage, createCoupon } from './service.ts';

const sessionOf = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

describe.each(testDbKinds())('coupon limits under concurrent checkouts on %s', (kind) => {
  let store: Store;
  let pkg: Package;

  beforeAll(async () => {
    // Delivery is not the subject: paid orders are queued, no worker runs them.
    store = await createTestStore(kind, { jobs: { workers: false } });
    pkg = await aCataloguePackage(store);
  });
  afterAll(() => store.close());

  const checkout = (coupon: string, i: number) =>
    postJson(store, '/api/esim/checkout', {
      email: `buyer${i}@example.com`,
      device_type: 'ios',
      items: [{ package_id: pkg.package_id, quantity: 1 }],
      coupon_code: coupon,
    });

  const discountedPaidOrders = async (code: string) => {
    const { rows } = await store.deps.database.sql.executeSql(
      `SELECT count(*)::int AS n FROM orders WHERE coupon_code = $1 AND discount_cents > 0 AND status = 'paid'`,
      [code],
    );
    return (rows as { n: number }[])[0]?.n;
  };

  it('charges at most max_usage orders with the coupon when 100 check out and pay at once', async () => {
    await createCoupon(store.deps.database.db, { code: 'TEN-ONLY', percentOff: 10, maxUsage: 10 });

    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => checkout('ten-only', i)));
    const bodies = (await Promise.all(answers.map((res) => res.json()))) as {
      url?: string;
      error?: { message: string };
    }[];
    const started = bodies.filter((body) => body.url).map((body) => body.url as string);
    const refused = bodies.filter((body) => body.error);
    expect(refused.map((body) => body.error?.message)).toEqual(Array(90).fill(COUPON_MESSAGES.usageLimit));
    expect(answers.filter((res) => res.status === 400)).toHaveLength(90);

    const paid = await Promise.all(
      started.map((url) => postJson(store, `/api/sandbox-payments/${sessionOf(url)}/pay`, {})),
    );
    expect(paid.map((res) => res.status)).toEqual(Array(started.length).fill(200));

    expect(await discountedPaidOrders('TEN-ONLY')).toBe(10);
    expect(await couponUsage(store.deps.database.db, 'TEN-ONLY')).toEqual({ usageCount: 10, redemptions: 10 });
  });

  it('gives a use back when an unpaid checkout is cancelled, and another buyer can take it', async () => {
    await createCoupon(store.deps.database.db, { code: 'LAST-ONE', amountOffCents: 100, maxUsage: 1 });
    const first = await placeEsimOrder(store, {
      items: [{ package_id: pkg.package_id, quantity: 1 }],
      coupon_code: 'LAST-ONE',
    });

    const second = await checkout('LAST-ONE', 1);
    expect(second.status).toBe(400);
    expect(((await second.json()) as { error: { message: string } }).error.message).toBe(COUPON_MESSAGES.usageLimit);

    expect((await postJson(store, `/api/sandbox-payments/${first.sessionId}/cancel`, {})).status).toBe(200);
    const third = await checkout('LAST-ONE', 2);
    expect(third.status).toBe(200);
  });

  it('gives a use back when the expiry job closes a checkout whose payment session ran out', async () => {
    await createCoupon(store.deps.database.db, { code: 'EXPIRES', percentOff: 20, maxUsage: 1 });
    const order = await placeEsimOrder(store, {
      items: [{ package_id: pkg.package_id, quantity: 1 }],
      coupon_code: 'EXPIRES',
    });
    expect((await checkout('EXPIRES', 3)).status).toBe(400);

    // The sandbox session stays payable for a day: run the job as it would run a day later.
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await store.deps.workflows.expireUnpaidOrders(later)).toBeGreaterThanOrEqual(1);

    const receipt = await store.app.request(`/api/orders/${order.orderId}?token=${order.token}`);
    const body = (await receipt.json()) as { status: string; events: { status: string; message: string }[] };
    expect(body.status).toBe('expired');
    expect(body.events.at(-1)).toEqual(
      expect.objectContaining({ status: 'expired', message: 'The checkout closed before payment.' }),
    );
    expect((await checkout('EXPIRES', 4)).status).toBe(200);
  });

  it('runs the expiry every minute on the job queue', async () => {
    const { rows } = await store.deps.database.sql.executeSql('SELECT cron FROM pgboss.schedule WHERE name = $1', [
      QUEUES.ordersCancelUnpaid,
    ]);
    expect(rows).toEqual([{ cron: '* * * * *' }]);
  });
});

describe.each(testDbKinds())('a checkout whose payment cannot start on %s', (kind) => {
  let store: Store;

  beforeAll(async () => {
    const sandbox = sandboxPaymentProvider({
      store: { insert: () => Promise.reject(new Error('provider down')) } as unknown as SandboxSessionStore,
      secret: 'sandbox-payment-secret-for-tests-0123456789',
      // Never reached: no session is ever opened.
      postWebhook: () => Promise.resolve({ status: 0 }),
    });
    store = await createTestStore(kind, { providers: { payments: sandbox }, jobs: { workers: false } });
  });
  afterAll(() => store.close());

  it('cancels the order and gives its coupon use back', async () => {
    const [pkg] = (await (await store.app.request('/api/esim/packages')).json()) as Package[];
    await createCoupon(store.deps.database.db, { code: 'ONCE', percentOff: 10, maxUsage: 1 });
    const res = await postJson(store, '/api/esim/checkout', {
      email: 'unlucky@example.com',
      device_type: 'ios',
      items: [{ package_id: pkg?.package_id, quantity: 1 }],
      coupon_code: 'ONCE',
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(PAYMENT_START_FAILED);
    expect(await couponReservations(store.deps.database.db, 'ONCE')).toEqual({ reservedCount: 0, reservations: 0 });
    const { rows } = await store.deps.database.sql.executeSql(
      `SELECT e.status, e.message FROM orders o JOIN order_events e ON e.order_id = o.id
       WHERE o.email = 'unlucky@example.com' ORDER BY e.id`,
    );
    expect(rows).toEqual([
      { status: 'pending_payment', message: 'Order placed. Waiting for payment.' },
      { status: 'cancelled', message: 'The payment could not be started.' },
    ]);
  });
});
