import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../domain/admin.ts';
import { getJson, postJson, signUpAdmin } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { unlockHarness } from '../../testing/unlocks.ts';
import { unlockAttempts, unlockPlan } from './service.ts';

const INTERNAL_TOKEN = 'internal-token-for-reroute-tests';

describe.each(testDbKinds())('an admin moving an unlock to the next supplier service, on %s', (kind) => {
  const h = unlockHarness(kind, '35332277');
  let admin: string;
  const detail = async (orderId: string) =>
    (await getJson<AdminOrderDetail>(h.store, `/api/admin/orders/${orderId}`, { cookie: admin })).body;
  const reroute = (orderId: string) =>
    postJson(h.store, `/api/admin/orders/${orderId}/actions`, { action: 'reroute' }, { cookie: admin });

  beforeAll(async () => {
    await h.open({ internalToken: INTERNAL_TOKEN, unlockBackoff: { firstSeconds: 0.1, maxSeconds: 0.4 } });
    admin = await signUpAdmin(h.store, `reroute-${kind}@example.com`, INTERNAL_TOKEN);
  });
  afterAll(() => h.close());

  it('abandons the stuck service, sends the unlock to the next one once, keeps the deadline, and is audited', async () => {
    // The primary service never finishes; the next one does.
    const order = await h.anUnlock((services) => ({ never: services.slice(0, 1), pollsInProcess: 1 }));
    expect(order.services.length).toBeGreaterThan(1);
    await h.pay(order);
    await h.waitFor(order, 'in_progress');
    const before = await unlockPlan(h.db(), order.orderId);
    expect((await detail(order.orderId)).actions).toContain('reroute');

    const answers = await Promise.all([reroute(order.orderId), reroute(order.orderId)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    await h.waitFor(order, 'fulfilled');

    const plan = await unlockPlan(h.db(), order.orderId);
    expect(plan?.toolIndex).toBe(1);
    expect(plan?.deadlineAt?.getTime()).toBe(before?.deadlineAt?.getTime());
    const attempts = await unlockAttempts(h.db(), order.orderId);
    expect(attempts.map((attempt) => [attempt.toolIndex, attempt.state])).toEqual([
      [0, 'abandoned'],
      [1, 'succeeded'],
    ]);
    expect(h.stub.placed(order.imei)).toHaveLength(2);
    const after = await detail(order.orderId);
    expect(after.actions).not.toContain('reroute');
    expect(after.timeline).toContainEqual(
      expect.objectContaining({ type: 'audit', title: 'Moved to the next supplier service' }),
    );
    expect((await reroute(order.orderId)).status).toBe(409);
  });
});
