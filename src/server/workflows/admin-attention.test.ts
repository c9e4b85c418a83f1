import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../db/schema.ts';
import { SUPPLIER_ERRORS_BEFORE_ATTENTION } from '../../domain/unlock-process.ts';
import { findOrder } from '../modules/orders/service.ts';
import { unlockPlan } from '../modules/unlocks/service.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { unlockHarness } from '../testing/unlocks.ts';
import { ACCOUNT_REFUSED_SECONDS } from './fulfillers/unlock.ts';

describe.each(testDbKinds())('orders that need a person on %s', (kind) => {
  const harness = unlockHarness(kind, '35332211');
  // Transport errors are tried again within a second here, as the e2e store's 2 s would.
  beforeAll(() => harness.open({ unlockBackoff: { firstSeconds: 0.05, maxSeconds: 0.2 } }));
  afterAll(() => harness.close());

  it('lists an unlock still with its supplier well past its guaranteed time, and not one within it', async () => {
    const late = await harness.anUnlock(() => ({ never: true }));
    const onTime = await harness.anUnlock(() => ({ never: true }));
    for (const order of [late, onTime]) {
      expect((await harness.pay(order)).status).toBe(200);
      // The first step sets the guarantee's deadline; it is moved only after that. (Waiting for the
      // status "submitted" raced: with the short backoff the order is "in progress" 150 ms later.)
      await vi.waitFor(async () => expect((await unlockPlan(harness.db(), order.orderId))?.deadlineAt).toBeTruthy(), {
        timeout: 20_000,
        interval: 100,
      });
    }
    const now = new Date();
    // Test data: the late one's deadline moved an hour into the past (the deadline is set once in the store).
    const deadline = (orderId: string, at: Date) =>
      harness.db().update(t.unlockOrders).set({ deadlineAt: at }).where(eq(t.unlockOrders.orderId, orderId));
    await deadline(late.orderId, new Date(now.getTime() - 60 * 60_000));
    await deadline(onTime.orderId, new Date(now.getTime() + 60 * 60_000));

    const { attention } = await harness.store.deps.workflows.admin.overview(now);
    expect(attention).toContainEqual(expect.objectContaining({ id: late.orderId, reason: 'past_guarantee' }));
    expect(attention.map((row) => row.id)).not.toContain(onTime.orderId);
  });

  it('asks a person at once when the supplier refuses our account, waits before calling again, and a retry completes it', async () => {
    const order = await harness.anUnlock(() => ({ accountRefusals: 1 }));
    const placed = () => harness.stub.placed(order.imei).length;
    expect((await harness.pay(order)).status).toBe(200);
    await vi.waitFor(async () =>
      expect((await unlockPlan(harness.db(), order.orderId))?.supplierError).toBe('account'),
    );
    const { attention } = await harness.store.deps.workflows.admin.overview();
    expect(attention).toContainEqual(expect.objectContaining({ id: order.orderId, reason: 'supplier_account' }));
    // Its chain waits ACCOUNT_REFUSED_SECONDS, not the short backoff of a transport error.
    const due = (await findOrder(harness.db(), order.orderId))?.fulfilmentDueAt;
    expect(due?.getTime()).toBeGreaterThan(Date.now() + ACCOUNT_REFUSED_SECONDS * 1000);
    // Nothing calls the supplier again meanwhile (transport errors here are tried within 50 ms).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(placed()).toBe(0);

    const actor = { userId: 'admin-1', email: 'boss@example.com', ip: null, userAgent: null };
    await harness.store.deps.workflows.admin.actOnOrder(actor, order.orderId, { action: 'retry' });
    await harness.waitFor(order, 'fulfilled');
    expect(placed()).toBe(1);
    const after = await harness.store.deps.workflows.admin.overview();
    expect(after.attention.map((row) => row.id)).not.toContain(order.orderId);
  });

  it('asks a person after three transport errors in a row, not after one', async () => {
    const order = await harness.anUnlock(() => ({ transportErrors: 1_000 }));
    expect((await harness.pay(order)).status).toBe(200);
    const errors = async () => (await unlockPlan(harness.db(), order.orderId))?.supplierErrors ?? 0;
    await vi.waitFor(async () => expect(await errors()).toBeGreaterThanOrEqual(1));
    if ((await errors()) < SUPPLIER_ERRORS_BEFORE_ATTENTION) {
      const { attention } = await harness.store.deps.workflows.admin.overview();
      expect(attention.map((row) => row.id)).not.toContain(order.orderId);
    }
    await vi.waitFor(async () => expect(await errors()).toBeGreaterThanOrEqual(SUPPLIER_ERRORS_BEFORE_ATTENTION), {
      timeout: 10_000,
    });
    const { attention } = await harness.store.deps.workflows.admin.overview();
    expect(attention).toContainEqual(expect.objectContaining({ id: order.orderId, reason: 'supplier_unreachable' }));
  });
});
