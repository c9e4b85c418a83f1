import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLOCK_EVENTS } from '../../../domain/unlock-fulfilment.ts';
import type { OrderAnswer } from '../../../domain/order-answer.ts';
import type { Store } from '../../bootstrap.ts';
import {
  SANDBOX_APPLE_RESULT,
  type SandboxOutcome,
  sandboxImei,
} from '../../integrations/suppliers/sandbox-outcomes.ts';
import { postJson } from '../../testing/fixtures.ts';
import { asKind, waitForStatus } from '../../testing/orders.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { IPHONE_15_EE, type PlacedUnlock, placeUnlockOrder } from '../../testing/unlocks.ts';
import { unlockPlan } from './service.ts';

const HOUR = 3_600_000;

/**
 * Every outcome of the sandbox supplier, end to end through the real DHRU client: checkout,
 * sandbox payment, the fulfiller's jobs, and (for the two that never finish) the guarantee.
 */
describe.each(testDbKinds())('unlock orders against the sandbox supplier, on %s', (kind) => {
  let store: Store;
  let serial = 100;

  const sessionOf = (order: PlacedUnlock) => new URL(order.url).pathname.split('/').at(-1) ?? '';
  async function paidUnlock(outcome: SandboxOutcome) {
    const imei = sandboxImei(outcome, ++serial);
    const order = await placeUnlockOrder(store, imei, { email: `${outcome}-${kind}@example.com` }, IPHONE_15_EE);
    const res = await postJson(store, `/api/sandbox-payments/${sessionOf(order)}/pay`, {});
    expect(res.status).toBe(200);
    return { ...order, sessionId: sessionOf(order), imei };
  }
  const statuses = (answer: OrderAnswer) => answer.events.map((event) => event.status);

  beforeAll(async () => {
    store = await createTestStore(kind, {
      config: { DHRU_TIMEOUT_MS: '1000' },
      unlockBackoff: { firstSeconds: 0.1, maxSeconds: 0.4 },
    });
  });
  afterAll(() => store.close());
  const mailsTo = async (email: string, subject: RegExp) =>
    (await store.deps.mailer.outbox({ to: email })).filter((mail) => subject.test(mail.subject));

  it.each<[SandboxOutcome, string[]]>([
    ['success', ['paid', 'submitted', 'fulfilled']],
    ['slow_success', ['paid', 'submitted', 'in_progress', 'fulfilled']],
    ['rejected_first_service', ['paid', 'submitted', 'rejected', 'rerouted', 'submitted', 'fulfilled']],
    ['transport_errors', ['paid', 'submitted', 'fulfilled']],
  ])('%s: completes with the result and the events %j', async (outcome, path) => {
    const order = await paidUnlock(outcome);
    const done = await waitForStatus(store, order, 'fulfilled', 30_000);
    // A plain success may be in process for one poll: only the slow one must show it.
    const seen = statuses(done).filter((status) => path.includes('in_progress') || status !== 'in_progress');
    expect(seen).toEqual(['pending_payment', ...path]);
    expect(asKind(done, 'unlock').unlock.result?.message).toBe(SANDBOX_APPLE_RESULT);
    expect(asKind(done, 'unlock').unlock.result?.instructions.length).toBeGreaterThan(0);
    await expect.poll(() => mailsTo(done.email, /is complete/)).toHaveLength(1);
  });

  it('rejected_everywhere: every tool refuses it, so it is refunded in full once and the customer told', async () => {
    const order = await paidUnlock('rejected_everywhere');
    const done = await waitForStatus(store, order, 'refunded', 30_000);
    expect(done.refunded).toBe(true);
    expect(statuses(done).filter((status) => status === 'refunded')).toHaveLength(1);
    expect(done.events.map((event) => event.message)).toContain(UNLOCK_EVENTS.noSupplierLeft);
    await expect.poll(() => mailsTo(done.email, /refunded/)).toHaveLength(1);
  });

  it.each<[SandboxOutcome, string]>([
    ['never_answers', 'paid'],
    ['stuck_in_process', 'in_progress'],
  ])('%s: waits (never a rejection) until the guarantee refunds it', async (outcome, waiting) => {
    const order = await paidUnlock(outcome);
    const stuck = await waitForStatus(store, order, waiting, 30_000);
    expect(statuses(stuck)).not.toContain('rejected');
    const plan = await unlockPlan(store.deps.database.db, order.orderId);
    const later = new Date(Date.now() + ((plan?.guaranteedHours ?? 0) + 1) * HOUR);
    await store.deps.workflows.keepUnlockGuarantee(later);
    const done = await waitForStatus(store, order, 'refunded', 30_000);
    expect(done.events.map((event) => event.message)).toContain(
      UNLOCK_EVENTS.guaranteeRefund(plan?.guaranteedHours ?? 0),
    );
    await expect.poll(() => mailsTo(done.email, /refunded/)).toHaveLength(1);
  });
});
