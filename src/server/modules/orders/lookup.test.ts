import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LOOKUP_MESSAGES, type OrderLookupAnswer } from '../../../domain/order-lookup.ts';
import type { Store } from '../../bootstrap.ts';
import { anEsimOrder, anEsimPackage, postJson } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { luhnImei, placeUnlockOrder } from '../../testing/unlocks.ts';

describe.each(testDbKinds())('order lookup on %s', (kind) => {
  let store: Store;
  let packageId: string;

  beforeAll(async () => {
    store = await createTestStore(kind, { jobs: { workers: false }, config: { ORDER_LOOKUP_RATE_LIMIT: '1000' } });
    ({ packageId } = await anEsimPackage(store));
  });
  afterAll(() => store.close());

  const lookup = async (email: string, reference: string, headers: Record<string, string> = {}) => {
    const res = await postJson(store, '/api/orders/lookup', { email, order_id_or_imei: reference }, headers);
    return { status: res.status, headers: res.headers, body: (await res.json()) as OrderLookupAnswer };
  };

  it('finds an order by its short id, full id and IMEI with the right email, in any case, IMEI masked', async () => {
    const imei = luhnImei('35693803', 1);
    const unlock = await placeUnlockOrder(store, imei, { email: 'Owner.One@Example.com' });
    const expected = {
      id: unlock.orderId,
      short_id: unlock.orderId.slice(0, 8),
      kind: 'unlock',
      status: 'pending_payment',
      currency: 'USD',
      imei_masked: `${imei.slice(0, 8)}***${imei.slice(-4)}`,
      href: `/order/${unlock.orderId}?token=${encodeURIComponent(unlock.token)}`,
    };
    for (const reference of [
      unlock.orderId.slice(0, 8),
      `#${unlock.orderId.slice(0, 8).toUpperCase()}`,
      unlock.orderId,
      imei,
      imei.slice(0, 14),
      `${imei.slice(0, 14)}42`,
    ]) {
      const answer = await lookup('owner.one@example.COM', reference);
      expect(answer.status, reference).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.body.orders, reference).toEqual([expect.objectContaining(expected)]);
      expect(answer.body.orders[0]?.title).toMatch(/^Carrier unlock: /);
      expect(JSON.stringify(answer.body)).not.toContain(imei);
    }
  });

  it('lists every order of the device for that email, newest first, and only that email’s', async () => {
    const imei = luhnImei('35693804', 2);
    const first = await placeUnlockOrder(store, imei, { email: 'twice@example.com' });
    // The first is unpaid, so the IMEI may be ordered again.
    const second = await placeUnlockOrder(store, imei, { email: 'twice@example.com' });
    await placeUnlockOrder(store, imei, { email: 'someone-else@example.com' });
    const answer = await lookup('twice@example.com', imei);
    expect(answer.body.orders.map((order) => order.id)).toEqual([second.orderId, first.orderId]);
  });

  it('finds an eSIM order with a link to its receipt and no IMEI', async () => {
    const order = await anEsimOrder(store, { packageId, email: 'traveller-lookup@example.com' });
    const answer = await lookup('traveller-lookup@example.com', order.orderId.slice(0, 8));
    expect(answer.body.orders).toEqual([
      expect.objectContaining({
        id: order.orderId,
        kind: 'esim',
        imei_masked: null,
        href: `/esim/receipt?order=${order.orderId}&token=${encodeURIComponent(order.token)}`,
      }),
    ]);
  });

  it('answers a wrong email and a missing order alike: 200 with no orders', async () => {
    const imei = luhnImei('35693805', 3);
    const unlock = await placeUnlockOrder(store, imei, { email: 'right@example.com' });
    const answers = await Promise.all([
      lookup('wrong@example.com', unlock.orderId.slice(0, 8)),
      lookup('wrong@example.com', unlock.orderId),
      lookup('wrong@example.com', imei),
      lookup('right@example.com', '00000000'),
      lookup('right@example.com', '00000000-0000-4000-8000-000000000000'),
      lookup('right@example.com', luhnImei('99000000', 9)),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ orders: [] });
    }
  });

  it('refuses bad input with the spec messages as a 400', async () => {
    for (const [body, field, message] of [
      [{ email: 'a@example.com', order_id_or_imei: '' }, 'order_id_or_imei', ORDER_LOOKUP_MESSAGES.required],
      [{ email: 'a@example.com', order_id_or_imei: 'a1b2' }, 'order_id_or_imei', ORDER_LOOKUP_MESSAGES.invalid],
      [
        { email: 'a@example.com', order_id_or_imei: 'x'.repeat(5000) },
        'order_id_or_imei',
        ORDER_LOOKUP_MESSAGES.invalid,
      ],
      [{ email: 'nope', order_id_or_imei: 'a1b2c3d4' }, 'email', 'Please enter a valid email address'],
    ] as const) {
      const res = await postJson(store, '/api/orders/lookup', body);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: { code: string; fieldErrors: Record<string, string[]> } };
      expect(answer.error.code).toBe('VALIDATION_FAILED');
      expect(answer.error.fieldErrors[field]).toEqual([message]);
    }
  });
});

describe('order lookup rate limit', () => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore('pglite', { jobs: { workers: false }, config: { ORDER_LOOKUP_RATE_LIMIT: '3' } });
  });
  afterAll(() => store.close());

  it('lets one client make the configured number of lookups a minute, then answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await postJson(store, '/api/orders/lookup', { email: 'a@example.com', order_id_or_imei: 'a1b2c3d4' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
