import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPLETED_FOR_AVERAGE, windowAverageHours } from '../../../domain/unlock-fulfilment.ts';
import type { Store } from '../../bootstrap.ts';
import * as t from '../../db/schema.ts';
import { stubSupplier } from '../../testing/stub-supplier.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { IPHONE_15_ATT, luhnImei, placeUnlockOrder } from '../../testing/unlocks.ts';
import { createQuoteEngine } from '../quotes/service.ts';
import { toolDeliveryAverages, unlockPlan } from './service.ts';

const HOUR = 3_600_000;

describe.each(testDbKinds())("a quote's average delivery time, on %s", (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore(kind, { jobs: { workers: false } });
  });
  afterAll(() => store.close());

  const freshQuote = () =>
    createQuoteEngine(store.deps.database.db, store.deps.catalog, stubSupplier().supplier).quote(
      { imei: luhnImei('35693803', 999), ...IPHONE_15_ATT },
      { admin: false },
    );

  it("is the supplier's window until the tool has enough completed unlocks, then their mean", async () => {
    const db = store.deps.database.db;
    const before = await freshQuote();
    const orders = [];
    for (let serial = 1; serial <= MIN_COMPLETED_FOR_AVERAGE; serial++) {
      orders.push(await placeUnlockOrder(store, luhnImei('35693804', serial)));
    }
    const toolId = (await unlockPlan(db, orders[0]?.orderId ?? ''))?.toolIds[0] ?? '';
    const finishedAt = new Date();
    const completed = (orderId: string) => ({
      orderId,
      toolIndex: 0,
      toolId,
      reference: `OL-${orderId}-0`,
      supplierRef: `REF-${orderId}`,
      state: 'succeeded' as const,
      detail: 'Unlocked',
      submittedAt: new Date(finishedAt.getTime() - 3 * HOUR),
      finishedAt,
    });

    await db.insert(t.unlockAttempts).values(orders.slice(1).map((order) => completed(order.orderId)));
    expect((await toolDeliveryAverages(db)).has(toolId)).toBe(false);
    expect((await freshQuote()).average_hours).toBe(before.average_hours);

    await db.insert(t.unlockAttempts).values(completed(orders[0]?.orderId ?? ''));
    expect((await toolDeliveryAverages(db)).get(toolId)).toBe(3);
    const after = await freshQuote();
    expect(after.average_hours).toBe(3);
    expect(after.guaranteed_hours).toBe(before.guaranteed_hours);
    expect(before.average_hours).toBeLessThanOrEqual(before.guaranteed_hours ?? 0);
    expect([windowAverageHours(1, 24), windowAverageHours(24, 72)]).toContain(before.average_hours);
  });
});
