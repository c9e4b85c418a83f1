import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../bootstrap.ts';
import { getOrder, placeEsimOrder, postJson, waitForStatus } from '../testing/orders.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore } from '../testing/test-store.ts';

interface Package {
  package_id: string;
  price_cents: number;
}

describe.each(testDbKinds())('refunding a delivered order on %s', (kind) => {
  let store: Store;
  let pkg: Package;

  beforeAll(async () => {
    store = await createTestStore(kind);
    pkg = ((await (await store.app.request('/api/esim/packages')).json()) as Package[])[0] as Package;
  });
  afterAll(() => store.close());

  it('refunds through the provider once however often it is asked, and records it on the order', async () => {
    const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await postJson(store, `/api/sandbox-payments/${order.sessionId}/pay`, {});
    await waitForStatus(store, order, 'fulfilled');

    const results = await Promise.all(
      Array.from({ length: 3 }, () => store.deps.workflows.refundOrder(order.orderId, () => 'Refunded in full.')),
    );
    expect(results.filter((result) => result !== null)).toHaveLength(1);

    const { body } = await getOrder(store, order.orderId, order.token);
    expect(body.status).toBe('refunded');
    expect(body.refunded).toBe(true);
    expect(body.events.map((event) => event.status)).toEqual([
      'pending_payment',
      'paid',
      'fulfilled',
      'refund_pending',
      'refunded',
    ]);
    const { rows } = await store.deps.database.sql.executeSql(
      'SELECT refunded_cents FROM sandbox_payment_sessions WHERE id = $1',
      [order.sessionId],
    );
    expect(rows).toEqual([{ refunded_cents: pkg.price_cents }]);
    expect(await store.deps.workflows.refundOrder(order.orderId, () => 'Again.')).toBeNull();
  });
});
