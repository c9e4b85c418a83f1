import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../bootstrap.ts';
import { aCataloguePackage } from '../testing/fixtures.ts';
import { placeEsimOrder } from '../testing/orders.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore, TEST_PUBLIC_URL } from '../testing/test-store.ts';
import { CROSS_SITE_MESSAGE } from './input-guard.ts';

describe.each(testDbKinds())('writes from another site on %s', (kind) => {
  let store: Store;
  let shares: string;
  beforeAll(async () => {
    store = await createTestStore(kind);
    const pkg = await aCataloguePackage(store);
    const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    shares = `/api/orders/${order.orderId}/shares?token=${encodeURIComponent(order.token)}`;
  });
  afterAll(() => store.close());

  const post = (path: string, headers: Record<string, string>, body?: string) =>
    store.app.request(path, { method: 'POST', headers, body });

  it.each([
    ['a text/plain share link from an evil origin', { origin: 'http://evil.example', 'content-type': 'text/plain' }],
    [
      'a form share link from an opaque origin',
      { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
    ],
    ['a share link a browser marks cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['an origin that is no URL', { origin: 'evil' }],
  ])('refuses %s with a 403, creating nothing', async (_, headers) => {
    const res = await post(shares, headers, 'x=1');
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(CROSS_SITE_MESSAGE);
    const listed = await store.app.request(shares);
    expect((await listed.json()).links).toEqual([]);
  });

  it('refuses a JSON write from another site the same way', async () => {
    const res = await post(
      '/api/newsletter',
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      JSON.stringify({ email: 'a@example.com' }),
    );
    expect(res.status).toBe(403);
  });

  it('takes the store’s own pages’ writes, and a script’s without an origin', async () => {
    expect((await post(shares, { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect((await post(shares, {})).status).toBe(201);
  });
});
