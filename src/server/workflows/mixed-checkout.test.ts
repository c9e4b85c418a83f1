import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../bootstrap.ts';
import * as t from '../db/schema.ts';
import { aCataloguePackage, aCoupon, type CataloguePackage, postJson, signUpAdmin } from '../testing/fixtures.ts';
import { asKind, getOrder, sandboxDelivery, waitForStatus } from '../testing/orders.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore } from '../testing/test-store.ts';
import { findOrder, ordersOfCheckout } from '../modules/orders/service.ts';
import { SANDBOX_STOCK } from '../modules/licenses/service.ts';

const INTERNAL_TOKEN = 'internal-token-for-mixed-checkout-tests';
const LICENSE = 'windows-11-pro';

describe.each(testDbKinds())('a cart of eSIMs and licenses, one payment (ADR 081) on %s', (kind) => {
  let store: Store;
  let admin: string;
  let pkg: CataloguePackage;
  let buyers = 0;
  const db = () => store.deps.database.db;

  /** Checks the cart out through POST /api/esim/checkout: its orders, first placed first, and the session. */
  async function checkOut(body: Record<string, unknown>) {
    const email = `mixed-${kind}-${++buyers}@example.com`;
    const res = await postJson(store, '/api/esim/checkout', { email, device_type: 'ios', ...body });
    const answer = (await res.json()) as { url: string };
    return { res, answer, email };
  }
  async function mixedCart(body: Record<string, unknown> = {}) {
    const { res, answer, email } = await checkOut({
      items: [{ package_id: pkg.package_id, quantity: 1 }],
      licenses: [{ slug: LICENSE, quantity: 2 }],
      ...body,
    });
    expect(res.status, JSON.stringify(answer)).toBe(200);
    const sessionId = new URL(answer.url).pathname.split('/').at(-1) ?? '';
    const [first] = await db().select().from(t.orders).where(eq(t.orders.paymentSessionId, sessionId));
    if (!first) throw new Error('no order holds the session');
    const orders = await ordersOfCheckout(db(), first);
    const placed = orders.map((order) => ({ url: answer.url, sessionId, orderId: order.id, token: order.accessToken }));
    return { sessionId, orders, placed, email };
  }
  const session = async (id: string) =>
    (await db().select().from(t.sandboxPaymentSessions).where(eq(t.sandboxPaymentSessions.id, id)))[0];

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN });
    admin = await signUpAdmin(store, `mixed-${kind}@example.com`, INTERNAL_TOKEN);
    pkg = await aCataloguePackage(store);
  });
  afterAll(() => store.close());

  it('places one order per kind under one session for their sum; paying settles both, each delivered by its kind', async () => {
    const { sessionId, orders, placed } = await mixedCart();
    expect(orders.map((order) => order.kind)).toEqual(['esim', 'license']);
    expect(new Set(orders.map((order) => order.checkoutId))).toEqual(new Set([orders[0]?.id]));
    const license = orders[1];
    const [product] = await db().select().from(t.licenseProducts).where(eq(t.licenseProducts.slug, LICENSE));
    expect(license?.totalCents).toBe(2 * (product?.priceCents ?? 0));
    const opened = await session(sessionId);
    expect(opened?.amountCents).toBe(pkg.price_cents + (license?.totalCents ?? 0));
    expect(opened?.lineItems).toHaveLength(2);
    // The payment page names every order it pays, not only the first (issue 44).
    expect(opened?.description).toMatch(/^eSIM order [0-9a-f]{8} \+ License order [0-9a-f]{8}$/);

    expect((await postJson(store, `/api/sandbox-payments/${sessionId}/pay`, {})).status).toBe(200);
    const [esimDone, licenseDone] = await Promise.all([
      waitForStatus(store, placed[0]!, 'fulfilled'),
      waitForStatus(store, placed[1]!, 'fulfilled'),
    ]);
    expect(asKind(esimDone, 'esim').esim_profiles).toHaveLength(1);
    expect(asKind(licenseDone, 'license').license.keys).toHaveLength(2);
    const paid = await Promise.all(orders.map((order) => findOrder(db(), order.id)));
    expect(new Set(paid.map((order) => order?.paymentRef))).toEqual(new Set([paid[0]?.paymentRef]));
    expect(paid[0]?.paymentRef).toBeTruthy();
    // Each receipt links the other order of its checkout, with the way in for a guest.
    expect(esimDone.checkout_orders).toEqual([
      expect.objectContaining({
        id: license?.id,
        kind: 'license',
        href: expect.stringContaining(license?.accessToken ?? ''),
      }),
    ]);
  });

  it('settles a replayed or repeated payment event once: no second key, no second payment', async () => {
    const { sessionId, orders, placed } = await mixedCart();
    const total = orders.reduce((sum, order) => sum + order.totalCents, 0);
    const event = {
      id: `evt_replay_${kind}`,
      type: 'completed' as const,
      sessionId,
      orderId: orders[0]!.id,
      amountCents: total,
      paymentRef: `pi_replay_${kind}`,
    };
    const deliver = () => store.app.request('/api/payments/webhook/sandbox', sandboxDelivery(store, event));
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    // The same payment told again under another event id (reconciliation) finds both orders paid.
    const again = await store.deps.payments.applyEvent({
      id: `evt_again_${kind}`,
      type: 'completed',
      providerType: 'checkout.session.completed',
      sessionId,
      orderId: orders[0]!.id,
      paymentRef: `pi_replay_${kind}`,
      amountCents: total,
    });
    expect(again).toBe('already_paid');
    const done = await waitForStatus(store, placed[1]!, 'fulfilled');
    expect(asKind(done, 'license').license.keys).toHaveLength(2);
    const keys = await db().select().from(t.licenseKeys).where(eq(t.licenseKeys.orderId, orders[1]!.id));
    expect(keys).toHaveLength(2);
    const events = await db().select().from(t.orderEvents).where(eq(t.orderEvents.orderId, orders[1]!.id));
    expect(events.filter((row) => row.status === 'paid')).toHaveLength(1);
  });

  it('closes both orders when the session is abandoned, giving the coupon use back', async () => {
    const code = await aCoupon(store, { percentOff: 10, maxUsage: 1 });
    const { sessionId, orders, placed } = await mixedCart({ coupon_code: code });
    // The coupon is the eSIM order's; the licenses are at full price.
    expect(orders[0]?.couponCode).toBe(code);
    expect(orders[0]?.discountCents).toBeGreaterThan(0);
    expect(orders[1]?.couponCode).toBeNull();
    expect(orders[1]?.discountCents).toBe(0);
    expect((await postJson(store, `/api/sandbox-payments/${sessionId}/cancel`, {})).status).toBe(200);
    await Promise.all(placed.map((order) => waitForStatus(store, order, 'expired')));
    // Its one use is free again: another cart may take it.
    expect((await mixedCart({ coupon_code: code })).orders[0]?.couponCode).toBe(code);
  });

  it('refunds one order of the two from the shared payment, then the other; each once', async () => {
    const { sessionId, orders, placed } = await mixedCart();
    expect((await postJson(store, `/api/sandbox-payments/${sessionId}/pay`, {})).status).toBe(200);
    await Promise.all(placed.map((order) => waitForStatus(store, order, 'fulfilled')));
    const refund = (orderId: string) =>
      postJson(
        store,
        `/api/admin/orders/${orderId}/actions`,
        { action: 'refund', reason: 'Bought by mistake' },
        { cookie: admin },
      );

    expect((await refund(orders[1]!.id)).status).toBe(200);
    await waitForStatus(store, placed[1]!, 'refunded');
    expect((await getOrder(store, orders[0]!.id, orders[0]!.accessToken)).body.status).toBe('fulfilled');
    expect((await session(sessionId))?.refundedCents).toBe(orders[1]!.totalCents);
    expect((await refund(orders[1]!.id)).status).toBe(409);

    expect((await refund(orders[0]!.id)).status).toBe(200);
    await waitForStatus(store, placed[0]!, 'refunded');
    const total = orders.reduce((sum, order) => sum + order.totalCents, 0);
    expect((await session(sessionId))?.refundedCents).toBe(total);
    // The provider answers a repeated refund under the same key with the same refund, not a second one.
    const paymentRef = (await findOrder(db(), orders[1]!.id))?.paymentRef ?? '';
    await expect(
      store.deps.payments.provider.refund(paymentRef, orders[1]!.totalCents, `refund-${orders[1]!.id}`),
    ).resolves.toEqual({ refundId: expect.any(String) });
    expect((await session(sessionId))?.refundedCents).toBe(total);
  });

  it('refuses a cart asking for more keys than are in stock, placing nothing', async () => {
    const { res, answer, email } = await checkOut({
      items: [{ package_id: pkg.package_id, quantity: 1 }],
      licenses: [{ slug: SANDBOX_STOCK.outOfStock, quantity: 1 }],
    });
    expect(res.status).toBe(409);
    expect(JSON.stringify(answer)).toMatch(/out of stock/);
    expect(await db().select().from(t.orders).where(eq(t.orders.email, email))).toEqual([]);
  });

  it('sells a cart of licenses only, and refuses an empty one', async () => {
    const { res, answer } = await checkOut({ items: [], licenses: [{ slug: LICENSE, quantity: 1 }] });
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer.url).toContain('/pay/');
    const empty = await checkOut({ items: [], licenses: [] });
    expect(empty.res.status).toBe(400);
  });
});
