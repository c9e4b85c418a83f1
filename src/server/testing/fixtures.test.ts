import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../bootstrap.ts';
import { aCoupon, anEsimOrder, anEsimPackage, getJson, postJson, signUp, signUpAdmin } from './fixtures.ts';
import { getOrder } from './orders.ts';
import { createTestStore } from './test-store.ts';

const INTERNAL_TOKEN = 'internal-token-for-fixture-tests';

// The fixtures set up what other suites assert on: each must make what the store then serves.
describe('server test fixtures', () => {
  let store: Store;

  beforeAll(async () => {
    store = await createTestStore('pglite', { internalToken: INTERNAL_TOKEN, jobs: { workers: false } });
  });
  afterAll(() => store.close());

  it('signUp and signUpAdmin answer session cookies of a customer and of an admin', async () => {
    const customer = await signUp(store, 'fixture-customer@example.com');
    const admin = await signUpAdmin(store, 'fixture-admin@example.com', INTERNAL_TOKEN);
    expect((await getJson(store, '/api/me', { cookie: customer })).body).toMatchObject({ isAdmin: false });
    expect((await getJson(store, '/api/me', { cookie: admin })).body).toMatchObject({ isAdmin: true });
  });

  it('aCoupon makes a coupon shoppers can apply', async () => {
    const code = await aCoupon(store, { percentOff: 15 });
    const res = await postJson(store, '/api/coupons/validate', { code });
    expect(await res.json()).toMatchObject({ code, percent_off: 15 });
  });

  it('anEsimPackage is listed at once and anEsimOrder orders it', async () => {
    const pkg = await anEsimPackage(store, { priceCents: 725 });
    const { body } = await getJson<{ package_id: string; price_cents: number }[]>(
      store,
      '/api/esim/packages?country=FR',
    );
    expect(body).toContainEqual(expect.objectContaining({ package_id: pkg.packageId, price_cents: 725 }));

    const order = await anEsimOrder(store, { packageId: pkg.packageId, quantity: 2 });
    const { status, body: answer } = await getOrder(store, order.orderId, order.token);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ status: 'pending_payment', items: [{ product_ref: pkg.packageId, quantity: 2 }] });
  });
});
