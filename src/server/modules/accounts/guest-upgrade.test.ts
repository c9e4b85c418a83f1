import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountOrder } from '../../../domain/order.ts';
import {
  GUEST_ACCOUNT_EXISTS_MESSAGE,
  GUEST_LINK_INVALID_MESSAGE,
  GUEST_OTHER_ACCOUNT_MESSAGE,
} from '../../../domain/guest-upgrade.ts';
import type { Store } from '../../bootstrap.ts';
import { anEsimOrder, anEsimPackage, getJson, postJson, signUp, TEST_PASSWORD } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { cookieOf, createTestStore } from '../../testing/test-store.ts';
import { luhnImei, placeUnlockOrder } from '../../testing/unlocks.ts';

const NEW_PASSWORD = 'upgrade2026';

describe.each(testDbKinds())('guest upgrade on %s', (kind) => {
  let store: Store;
  let packageId: string;

  beforeAll(async () => {
    store = await createTestStore(kind, { jobs: { workers: false } });
    ({ packageId } = await anEsimPackage(store));
  });
  afterAll(() => store.close());

  const preview = (orderId: string, token: string) =>
    getJson(store, `/api/accounts/guest-upgrade?order_id=${orderId}&token=${encodeURIComponent(token)}`);
  const upgrade = (body: Record<string, unknown>) => postJson(store, '/api/accounts/guest-upgrade', body);
  const accountOrders = async (cookie: string) =>
    (await getJson<{ orders: AccountOrder[] }>(store, '/api/orders', { cookie })).body.orders;

  it('makes an account for the order’s email that holds every order of that email, of every kind, signed in', async () => {
    const email = `guest-${kind}@example.com`;
    const unlock = await placeUnlockOrder(store, luhnImei('35693806', 1), { email: email.toUpperCase() });
    const esim = await anEsimOrder(store, { packageId, email });
    const other = await anEsimOrder(store, { packageId, email: `other-${kind}@example.com` });

    const first = await preview(unlock.orderId, unlock.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ email, account_exists: false, order_count: 2 });

    const res = await upgrade({ order_id: unlock.orderId, token: unlock.token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email, claimed: 2 });
    const cookie = cookieOf(res);
    expect(cookie).toContain('session_token');

    const me = await getJson<{ user: { email: string } | null }>(store, '/api/me', { cookie });
    expect(me.body.user?.email).toBe(email);
    expect((await accountOrders(cookie)).map((order) => order.id).sort()).toEqual(
      [unlock.orderId, esim.orderId].sort(),
    );
    // The owner now sees the order without its token; the other email's order stays out.
    expect((await store.app.request(`/api/orders/${unlock.orderId}`, { headers: { cookie } })).status).toBe(200);
    expect((await store.app.request(`/api/orders/${other.orderId}`, { headers: { cookie } })).status).toBe(404);

    // The new password signs in.
    const signIn = await postJson(store, '/api/auth/sign-in/email', { email, password: NEW_PASSWORD });
    expect(signIn.status).toBe(200);

    // The link again: the account exists now, and says so.
    expect((await preview(esim.orderId, esim.token)).body).toEqual({ email, account_exists: true, order_count: 0 });
    const again = await upgrade({ order_id: esim.orderId, token: esim.token, password: NEW_PASSWORD });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: { code: 'CONFLICT', message: GUEST_ACCOUNT_EXISTS_MESSAGE } });
  });

  it('refuses a wrong token and a missing order alike, and creates nothing', async () => {
    const order = await anEsimOrder(store, { packageId, email: `wrong-token-${kind}@example.com` });
    const stranger = await anEsimOrder(store, { packageId });
    const invalid = { error: { code: 'NOT_FOUND', message: GUEST_LINK_INVALID_MESSAGE } };
    for (const [orderId, token] of [
      [order.orderId, stranger.token],
      [order.orderId, 'guess'],
      ['00000000-0000-4000-8000-000000000000', order.token],
    ] as const) {
      const looked = await preview(orderId, token);
      expect(looked.status).toBe(404);
      expect(looked.body).toEqual(invalid);
      const res = await upgrade({ order_id: orderId, token, password: NEW_PASSWORD });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(invalid);
    }
    const after = await preview(order.orderId, order.token);
    expect(after.body).toMatchObject({ account_exists: false, order_count: 1 });
  });

  it('refuses a weak password with the sign-up rules and bad input with a 400', async () => {
    const order = await anEsimOrder(store, { packageId, email: `weak-${kind}@example.com` });
    for (const body of [
      { order_id: order.orderId, token: order.token, password: 'short' },
      { order_id: order.orderId, token: order.token, password: 'onlyletters' },
      { order_id: order.orderId, token: order.token },
      { order_id: order.orderId, token: 'x'.repeat(5000), password: NEW_PASSWORD },
      { order_id: `${order.orderId}\u0000`, token: order.token, password: NEW_PASSWORD },
    ]) {
      const res = await upgrade(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect((await preview(order.orderId, order.token)).body).toMatchObject({ account_exists: false });
  });

  it('lets the signed-in account with the order’s email claim its guest orders, and nobody else', async () => {
    const email = `existing-${kind}@example.com`;
    const cookie = await signUp(store, email, TEST_PASSWORD);
    const strangerCookie = await signUp(store, `claim-stranger-${kind}@example.com`, TEST_PASSWORD);
    const order = await anEsimOrder(store, { packageId, email });
    const link = { order_id: order.orderId, token: order.token };

    expect((await postJson(store, '/api/accounts/claim-orders', link)).status).toBe(401);
    const forbidden = await postJson(store, '/api/accounts/claim-orders', link, { cookie: strangerCookie });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: { code: 'FORBIDDEN', message: GUEST_OTHER_ACCOUNT_MESSAGE } });
    expect(await accountOrders(strangerCookie)).toEqual([]);

    const res = await postJson(store, '/api/accounts/claim-orders', link, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email, claimed: 1 });
    expect((await accountOrders(cookie)).map((row) => row.id)).toEqual([order.orderId]);
  });
});
