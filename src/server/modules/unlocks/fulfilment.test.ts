import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLOCK_EVENTS, unlockInstructions } from '../../../domain/unlock-fulfilment.ts';
import * as t from '../../db/schema.ts';
import { SANDBOX_WEBHOOK_PATH } from '../../integrations/payments/sandbox.ts';
import { asKind, getOrder, sandboxDelivery } from '../../testing/orders.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { type PlacedUnlock, unlockHarness } from '../../testing/unlocks.ts';
import { findOrder } from '../orders/service.ts';
import { unlockPlan } from './service.ts';

const HOUR = 3_600_000;

describe.each(testDbKinds())('unlock fulfilment through a supplier, on %s', (kind) => {
  const h = unlockHarness(kind, '35332211');
  const { stub, db, pay, waitFor, anUnlock, mails, sessionOf } = h;
  const statusesOf = async (order: PlacedUnlock) =>
    (await getOrder(h.store, order.orderId, order.token)).body.events.map((event) => event.status);

  beforeAll(async () => {
    await h.open({
      // Short waits, but real ones: a supplier that never finishes must not keep the loop busy.
      unlockBackoff: { firstSeconds: 0.1, maxSeconds: 0.4 },
    });
  });
  afterAll(() => h.close());

  it('submits once, follows the supplier to success, stores the result and mails it with the instructions', async () => {
    const order = await anUnlock(() => ({ pollsInProcess: 2 }));
    expect(order.services.length).toBeGreaterThan(1);
    await pay(order);
    const done = await waitFor(order, 'fulfilled');
    expect(asKind(done, 'unlock').unlock.result).toEqual({
      message: 'Unlocked. Insert a SIM from another carrier',
      instructions: unlockInstructions('apple'),
    });
    expect(asKind(done, 'unlock').unlock.guaranteed_by).not.toBeNull();
    expect(done.events.map((event) => event.status)).toEqual([
      'pending_payment',
      'paid',
      'submitted',
      'in_progress',
      'fulfilled',
    ]);
    expect(stub.placed(order.imei)).toHaveLength(1);
    await expect.poll(() => mails(order.email, /is complete/)).toHaveLength(1);
    const sent = await mails(order.email, /is complete/);
    expect(sent[0]?.text).toContain('Unlocked. Insert a SIM from another carrier');
  });

  it('moves a rejected unlock to the next tool of its quote, with the reason recorded, and completes it there', async () => {
    const order = await anUnlock((services) => ({ rejectOn: services.slice(0, 1) }));
    await pay(order);
    const done = await waitFor(order, 'fulfilled');
    expect(done.events.map((event) => event.status)).toEqual(
      expect.arrayContaining(['submitted', 'rejected', 'rerouted', 'fulfilled']),
    );
    expect(done.events.find((event) => event.status === 'rejected')?.message).toBe(
      UNLOCK_EVENTS.rejected('IMEI is blacklisted for this service'),
    );
    expect(stub.placed(order.imei).map((placed) => placed.serviceId)).toEqual(order.services.slice(0, 2));
  });

  it('refunds in full, once, when every tool rejects it, and tells the customer', async () => {
    const order = await anUnlock((services) => ({ rejectOn: 'all', refuseOn: services.slice(1) }));
    await pay(order);
    const done = await waitFor(order, 'refunded');
    expect(done.refunded).toBe(true);
    const statuses = done.events.map((event) => event.status);
    expect(statuses.filter((status) => status === 'refunded')).toHaveLength(1);
    expect(statuses).toContain('rerouted');
    expect(asKind(done, 'unlock').unlock.result).toBeNull();
    await expect.poll(() => mails(order.email, /refunded/)).toHaveLength(1);
  });

  it('never reads a transport error as a rejection: it tries again later and completes on the first tool', async () => {
    const order = await anUnlock(() => ({ transportErrors: 2 }));
    await pay(order);
    await waitFor(order, 'fulfilled');
    expect(await statusesOf(order)).not.toContain('rejected');
    expect(stub.placed(order.imei)).toHaveLength(1);
  });

  it('resumes a submission whose answer was lost (the worker died after placing it) without placing it twice', async () => {
    const order = await anUnlock(() => ({ lostAnswers: 1 }));
    const callsBefore = stub.placeCalls();
    await pay(order);
    await waitFor(order, 'fulfilled');
    expect(stub.placeCalls() - callsBefore).toBe(2);
    expect(stub.placed(order.imei)).toHaveLength(1);
  });

  it('charges and submits once when the payment event is delivered again and again', async () => {
    const order = await anUnlock();
    const placed = await findOrder(db(), order.orderId);
    const delivery = () =>
      h.store.app.request(
        SANDBOX_WEBHOOK_PATH,
        sandboxDelivery(h.store, {
          id: `evt_replay_${kind}`,
          type: 'completed',
          sessionId: sessionOf(order),
          orderId: order.orderId,
          amountCents: placed?.totalCents ?? 0,
        }),
      );
    const answers = await Promise.all([delivery(), delivery(), delivery()]);
    expect(answers.every((res) => res.status === 200)).toBe(true);
    await waitFor(order, 'fulfilled');
    expect((await delivery()).status).toBe(200);
    expect((await statusesOf(order)).filter((status) => status === 'paid')).toHaveLength(1);
    expect(stub.placed(order.imei)).toHaveLength(1);
  });

  it('refunds an unlock past its guaranteed time once, however many guarantee runs race, and mails the customer', async () => {
    const order = await anUnlock(() => ({ never: true }));
    await pay(order);
    await waitFor(order, 'in_progress');
    const plan = await unlockPlan(db(), order.orderId);
    const later = new Date(Date.now() + ((plan?.guaranteedHours ?? 0) + 1) * HOUR);
    expect(await h.store.deps.workflows.keepUnlockGuarantee(new Date())).toEqual({ rerouted: 0, refunded: 0 });
    const runs = await Promise.all([1, 2, 3].map(() => h.store.deps.workflows.keepUnlockGuarantee(later)));
    expect(runs.reduce((sum, run) => sum + run.refunded, 0)).toBe(1);
    const done = await waitFor(order, 'refunded');
    expect(done.events.map((event) => event.message)).toContain(
      UNLOCK_EVENTS.guaranteeRefund(plan?.guaranteedHours ?? 0),
    );
    expect(done.events.filter((event) => event.status === 'refunded')).toHaveLength(1);
    await expect.poll(() => mails(order.email, /refunded/)).toHaveLength(1);
    expect(await h.store.deps.workflows.keepUnlockGuarantee(later)).toEqual({ rerouted: 0, refunded: 0 });
  });

  it('moves an unlock past its guaranteed time to a faster tool once, with a new deadline, and mails the customer', async () => {
    const order = await anUnlock((services) => ({ never: services.slice(0, 1) }));
    // The primary tool promises more hours than its alternative, so the guarantee has a faster one to use.
    await db()
      .update(t.unlockOrders)
      .set({ toolMaxHours: [72, 24] })
      .where(eq(t.unlockOrders.orderId, order.orderId));
    await pay(order);
    await waitFor(order, 'in_progress');
    const plan = await unlockPlan(db(), order.orderId);
    const later = new Date(Date.now() + ((plan?.guaranteedHours ?? 0) + 1) * HOUR);
    const runs = await Promise.all([1, 2].map(() => h.store.deps.workflows.keepUnlockGuarantee(later)));
    expect(runs.reduce((sum, run) => sum + run.rerouted, 0)).toBe(1);
    const done = await waitFor(order, 'fulfilled');
    expect(done.events.map((event) => event.message)).toContain(
      UNLOCK_EVENTS.pastGuarantee(plan?.guaranteedHours ?? 0),
    );
    const moved = await unlockPlan(db(), order.orderId);
    expect(moved?.deadlineAt?.getTime()).toBe(later.getTime() + 24 * HOUR);
    await expect
      .poll(async () => (await mails(order.email)).map((mail) => mail.subject))
      .toEqual(expect.arrayContaining([expect.stringMatching(/faster supplier/), expect.stringMatching(/complete/)]));
  });
});
