import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../bootstrap.ts';
import { anEsimOrder, anEsimPackage, signUp } from '../../testing/fixtures.ts';
import { getOrder } from '../../testing/orders.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';

describe.each(testDbKinds())('order access on %s', (kind) => {
  let store: Store;
  let packageId: string;
  let packageName: string;
  let ownerCookie: string;
  let strangerCookie: string;

  beforeAll(async () => {
    store = await createTestStore(kind, { jobs: { workers: false } });
    ({ packageId, packageName } = await anEsimPackage(store));
    ownerCookie = await signUp(store, `owner-${kind}@example.com`);
    strangerCookie = await signUp(store, `stranger-${kind}@example.com`);
  });
  afterAll(() => store.close());

  const fetchOrder = (id: string, query = '', cookie?: string) =>
    store.app.request(`/api/orders/${id}${query}`, cookie ? { headers: { cookie } } : {});

  it('shows the receipt to the holder of the access token, privately and uncached', async () => {
    const order = await anEsimOrder(store, { packageId });
    const res = await fetchOrder(order.orderId, `?token=${order.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toMatchObject({
      id: order.orderId,
      short_id: order.orderId.slice(0, 8),
      kind: 'esim',
      status: 'pending_payment',
      items: [{ product_ref: packageId, quantity: 1 }],
      events: [{ status: 'pending_payment' }],
      esim_profiles: [],
    });
  });

  it('answers 404 NOT_FOUND for a wrong token, no token, an unknown or a malformed id', async () => {
    const order = await anEsimOrder(store, { packageId });
    const other = await anEsimOrder(store, { packageId });
    for (const [id, query] of [
      [order.orderId, `?token=${other.token}`],
      [order.orderId, '?token=guess'],
      [order.orderId, ''],
      ['00000000-0000-4000-8000-000000000000', `?token=${order.token}`],
      [order.orderId.slice(0, 8), `?token=${order.token}`],
    ] as const) {
      const res = await fetchOrder(id, query);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Order not found.' } });
    }
  });

  it('shows a signed-in buyer their own order without the token, and nobody else', async () => {
    const order = await anEsimOrder(store, { packageId, cookie: ownerCookie });
    expect((await fetchOrder(order.orderId, '', ownerCookie)).status).toBe(200);
    expect((await fetchOrder(order.orderId, '?token=wrong', ownerCookie)).status).toBe(200);
    expect((await fetchOrder(order.orderId, '', strangerCookie)).status).toBe(404);
    expect((await getOrder(store, order.orderId, order.token)).status).toBe(200);
  });

  it("lists a signed-in customer's own orders, newest first, and nobody else's", async () => {
    const listOf = async (cookie?: string) => store.app.request('/api/orders', cookie ? { headers: { cookie } } : {});
    const buyer = await signUp(store, `buyer-${kind}@example.com`);
    expect(await (await listOf(buyer)).json()).toEqual({ orders: [] });

    const first = await anEsimOrder(store, { packageId, quantity: 2, cookie: buyer });
    const second = await anEsimOrder(store, { packageId, cookie: buyer });
    await anEsimOrder(store, { packageId });

    const res = await listOf(buyer);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { orders } = (await res.json()) as { orders: { id: string; item_count: number; short_id: string }[] };
    expect(orders.map((order) => order.id)).toEqual([second.orderId, first.orderId]);
    expect(orders[1]).toMatchObject({
      short_id: first.orderId.slice(0, 8),
      kind: 'esim',
      status: 'pending_payment',
      item_count: 2,
      title: packageName,
      currency: 'USD',
    });
    expect(((await (await listOf(strangerCookie)).json()) as { orders: unknown[] }).orders).toHaveLength(0);
    expect((await listOf()).status).toBe(401);
  });
});
