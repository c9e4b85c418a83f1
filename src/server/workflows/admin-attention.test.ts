import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../db/schema.ts';
import { unlockPlan } from '../modules/unlocks/service.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { unlockHarness } from '../testing/unlocks.ts';

describe.each(testDbKinds())('orders that need a person on %s', (kind) => {
  const harness = unlockHarness(kind, '35332211');
  beforeAll(() => harness.open());
  afterAll(() => harness.close());

  it('lists an unlock still with its supplier well past its guaranteed time, and not one within it', async () => {
    const late = await harness.anUnlock(() => ({ never: true }));
    const onTime = await harness.anUnlock(() => ({ never: true }));
    for (const order of [late, onTime]) {
      expect((await harness.pay(order)).status).toBe(200);
      await harness.waitFor(order, 'submitted');
      // The first step sets the guarantee's deadline; it is moved only after that.
      await vi.waitFor(async () => expect((await unlockPlan(harness.db(), order.orderId))?.deadlineAt).toBeTruthy());
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
});
