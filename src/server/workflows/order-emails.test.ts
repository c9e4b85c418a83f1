import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_END_STATUSES, type OrderStatus, WORKING_STATUSES } from '../../domain/order.ts';
import { ORDER_EMAIL_SUBJECTS } from '../../domain/order-emails.ts';
import { shortId } from '../../domain/short-id.ts';
import { UNLOCK_EMAILS, UNLOCK_EVENTS } from '../../domain/unlock-fulfilment.ts';
import type { Store } from '../bootstrap.ts';
import { orderEmailLinks } from '../emails/links.ts';
import { QUEUES } from '../jobs/queue.ts';
import * as t from '../db/schema.ts';
import { findOrder } from '../modules/orders/service.ts';
import { paidAt, unlockPlan } from '../modules/unlocks/service.ts';
import { postJson } from '../testing/fixtures.ts';
import { waitForStatus } from '../testing/orders.ts';
import { mailSubscriber } from './order-events.ts';
import { type StubBehaviour, stubSupplier } from '../testing/stub-supplier.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore, TEST_PUBLIC_URL } from '../testing/test-store.ts';
import { IPHONE_15_EE, luhnImei, type PlacedUnlock, placeUnlockOrder } from '../testing/unlocks.ts';

const HOUR = 3_600_000;

describe.each(testDbKinds())('the emails of an unlock order, on %s', (kind) => {
  let store: Store;
  let serial = 0;
  const behaviours = new Map<string, StubBehaviour>();
  const stub = stubSupplier((imei) => behaviours.get(imei) ?? {});
  const db = () => store.deps.database.db;
  const sessionOf = (order: PlacedUnlock) => new URL(order.url).pathname.split('/').at(-1) ?? '';
  const subjectsTo = async (email: string) =>
    (await store.deps.mailer.outbox({ to: email })).map((mail) => mail.subject).sort();
  /** Oldest first, as the customer received them. */
  const subjectsInOrder = async (email: string) =>
    (await store.deps.mailer.outbox({ to: email }))
      .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id)
      .map((mail) => mail.subject);

  async function paidUnlock(behaviour: (services: string[]) => StubBehaviour = () => ({})) {
    const imei = luhnImei('35440011', ++serial);
    const email = `mails-${kind}-${serial}@example.com`;
    const order = await placeUnlockOrder(store, imei, { email }, IPHONE_15_EE);
    const plan = await unlockPlan(db(), order.orderId);
    behaviours.set(imei, behaviour((plan?.toolIds ?? []).map((toolId) => toolId.replace('SBX-', ''))));
    await postJson(store, `/api/sandbox-payments/${sessionOf(order)}/pay`, {});
    return { ...order, email, short: shortId(order.orderId), placed: { ...order, sessionId: sessionOf(order) } };
  }

  beforeAll(async () => {
    store = await createTestStore(kind, {
      providers: { unlockSupplier: stub.supplier },
      unlockBackoff: { firstSeconds: 0.1, maxSeconds: 0.4 },
    });
  });
  afterAll(() => store.close());

  it('mails confirmed, submitted and completed once each, every one with the tracking and guest-upgrade links', async () => {
    // Worked on for a few seconds: word of the submission goes out before the order is done (a
    // job that ran only after would be dropped as stale, ADR 105).
    const order = await paidUnlock(() => ({ pollsInProcess: 8 }));
    await waitForStatus(store, order.placed, 'fulfilled', 30_000);
    const expected = [
      ORDER_EMAIL_SUBJECTS.confirmed('unlock', order.short),
      ORDER_EMAIL_SUBJECTS.submitted('unlock', order.short),
      UNLOCK_EMAILS.completedSubject(order.short),
    ].sort();
    await expect.poll(() => subjectsTo(order.email), { timeout: 10_000 }).toEqual(expected);
    expect(await subjectsInOrder(order.email)).toEqual([
      ORDER_EMAIL_SUBJECTS.confirmed('unlock', order.short),
      ORDER_EMAIL_SUBJECTS.submitted('unlock', order.short),
      UNLOCK_EMAILS.completedSubject(order.short),
    ]);

    const links = orderEmailLinks(TEST_PUBLIC_URL, { id: order.orderId, accessToken: order.token });
    for (const mail of await store.deps.mailer.outbox({ to: order.email })) {
      expect(mail.text).toContain(links.tracking);
      expect(mail.text).toContain(links.createAccount);
      expect(mail.html).toContain(`href="${links.createAccount.replace('&', '&amp;')}"`);
    }
    // The confirmation job run again (a retry, a second instance) mails nothing more.
    expect(await store.deps.workflows.sendQueuedOrderEmail({ orderId: order.orderId, email: 'confirmed' })).toBe(false);
    // A finished order gets no delay notice, however late its job runs.
    const late = new Date(Date.now() + 1_000 * HOUR);
    expect(await store.deps.workflows.sendQueuedOrderEmail({ orderId: order.orderId, email: 'delayed' }, late)).toBe(
      false,
    );
    expect(await subjectsTo(order.email)).toEqual(expected);
  }, 60_000);

  it('queues the delay notice for the average time, and mails it once, only past it and while still worked on', async () => {
    const order = await paidUnlock(() => ({ never: true }));
    await waitForStatus(store, order.placed, 'in_progress', 20_000);
    const plan = await unlockPlan(db(), order.orderId);
    const paid = await paidAt(db(), order.orderId);
    if (!plan || !paid) throw new Error('no plan or payment');
    const averageAt = paid.getTime() + plan.averageHours * HOUR;

    const { rows } = await store.deps.database.sql.executeSql(
      `select start_after from pgboss.job where name = $1 and data->>'orderId' = $2 and data->>'email' = 'delayed'`,
      [QUEUES.orderEmail, order.orderId],
    );
    expect(rows).toHaveLength(1);
    const [queued] = rows as { start_after: Date | string }[];
    expect(Math.abs(new Date(queued?.start_after ?? 0).getTime() - averageAt)).toBeLessThan(60_000);

    const job = { orderId: order.orderId, email: 'delayed' } as const;
    expect(await store.deps.workflows.sendQueuedOrderEmail(job, new Date(averageAt - 60_000))).toBe(false);
    const runs = await Promise.all(
      [1, 2, 3].map(() => store.deps.workflows.sendQueuedOrderEmail(job, new Date(averageAt + 60_000))),
    );
    expect(runs.filter(Boolean)).toHaveLength(1);
    const delayed = (await store.deps.mailer.outbox({ to: order.email })).filter(
      (mail) => mail.subject === ORDER_EMAIL_SUBJECTS.delayed('unlock', order.short),
    );
    expect(delayed).toHaveLength(1);
    expect(delayed[0]?.text).toContain('Your guarantee still holds');
    expect((await findOrder(db(), order.orderId))?.status).toBe('in_progress');
  });

  it('sends no word of the supplier work once the order is done or refunding: every such event is silent then (property)', async () => {
    const mails = mailSubscriber({
      db: db(),
      kinds: store.deps.kinds,
      mailer: store.deps.mailer,
      publicUrl: TEST_PUBLIC_URL,
    });
    /** The subjects mailed for an event at `event` handled (late) once the order stands at `current`. */
    const late = async (event: OrderStatus, current: OrderStatus, message: string) => {
      // Placed, not paid: no queued mail of its own; the order then stands where the test puts it.
      const email = `late-${++serial}-${kind}@example.com`;
      const placed = await placeUnlockOrder(store, luhnImei('35440012', serial), { email }, IPHONE_15_EE);
      await db().update(t.orders).set({ status: current }).where(eq(t.orders.id, placed.orderId));
      await mails.handle({ id: 0, orderId: placed.orderId, status: event, message });
      return subjectsTo(email);
    };
    expect(await late('submitted', 'in_progress', 'Your unlock has been sent.')).toEqual([
      expect.stringMatching(/submitted/i),
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WORKING_STATUSES),
        fc.constantFrom(...NEWS_END_STATUSES),
        fc.constantFrom('Your unlock has been sent.', UNLOCK_EVENTS.pastGuarantee(72), 'Moved to the next supplier.'),
        async (event, current, message) => {
          expect(await late(event, current, message)).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('tells the customer when a declined unlock moves to the next supplier of its quote', async () => {
    const order = await paidUnlock((services) => ({ rejectOn: services.slice(0, 1), pollsInProcess: 8 }));
    await waitForStatus(store, order.placed, 'fulfilled', 30_000);
    await expect
      .poll(() => subjectsTo(order.email), { timeout: 10_000 })
      .toEqual(
        [
          ORDER_EMAIL_SUBJECTS.confirmed('unlock', order.short),
          ORDER_EMAIL_SUBJECTS.submitted('unlock', order.short),
          ORDER_EMAIL_SUBJECTS.rerouted('unlock', order.short),
          UNLOCK_EMAILS.completedSubject(order.short),
        ].sort(),
      );
    const [moved] = (await store.deps.mailer.outbox({ to: order.email })).filter(
      (mail) => mail.subject === ORDER_EMAIL_SUBJECTS.rerouted('unlock', order.short),
    );
    expect(moved?.text).toContain('could not carry out');
  });
});

describe('a message sent once by its key', () => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore('pglite');
  });
  afterAll(() => store.close());

  it('is stored once however many callers send it at the same time', async () => {
    const mail = { to: 'once@example.com', subject: 'Once', text: 'Hello' };
    const sent = await Promise.all([1, 2, 3].map(() => store.deps.mailer.send(mail, { onceKey: 'test:once' })));
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(await store.deps.mailer.send(mail, { onceKey: 'test:once' })).toBe(false);
    expect(await store.deps.mailer.outbox({ to: 'once@example.com' })).toHaveLength(1);
    expect(await store.deps.mailer.send(mail, { onceKey: 'test:other' })).toBe(true);
  });
});
