import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail, AdminOrderPage, AuditPage, Overview } from '../../domain/admin.ts';
import { PAGE_PATHS, isAdminPath } from '../../domain/site-map.ts';
import type { Store } from '../bootstrap.ts';
import * as t from '../db/schema.ts';
import { adminPageStatus } from '../http/accounts.ts';
import type { AdminActor } from '../modules/audit/service.ts';
import { failOrder, markPaid, placeOrder } from '../modules/orders/service.ts';
import { getJson, postJson, signUp, signUpAdmin } from '../testing/fixtures.ts';
import { buyCheck, getOrder, placeEsimOrder, waitForStatus } from '../testing/orders.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore } from '../testing/test-store.ts';
import { checkProviderAccount, syncCheckProvider } from '../modules/checks/service.ts';
import { luhnImei, placeUnlockOrder } from '../testing/unlocks.ts';

const INTERNAL_TOKEN = 'internal-token-for-admin-tests';

interface Package {
  package_id: string;
  price_cents: number;
}

describe.each(testDbKinds())('the admin area on %s', (kind) => {
  let store: Store;
  let admin: string;
  let customer: string;
  let pkg: Package;
  const adminEmail = `boss-${kind}@example.com`;

  const asAdmin = <Body>(path: string) => getJson<Body>(store, path, { cookie: admin });
  const act = (orderId: string, body: unknown) =>
    postJson(store, `/api/admin/orders/${orderId}/actions`, body, { cookie: admin });

  /** A paid eSIM order, delivered by its job. */
  async function deliveredOrder(email = 'traveller@example.com') {
    const order = await placeEsimOrder(store, { email, items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await postJson(store, `/api/sandbox-payments/${order.sessionId}/pay`, {});
    await waitForStatus(store, order, 'fulfilled');
    return order;
  }

  /** An order that failed after payment with its refund not made: one that needs a person. */
  async function failedUnrefunded() {
    const db = store.deps.database.db;
    const order = await placeOrder(db, {
      kind: 'sample',
      email: 'stuck@example.com',
      userId: null,
      currency: 'USD',
      subtotalCents: 1500,
      discountCents: 0,
      totalCents: 1500,
      couponCode: null,
      items: [{ productRef: 'sample', name: 'Sample item', unitPriceCents: 1500, quantity: 1, details: {} }],
    });
    await markPaid(db, order.id, { provider: 'elsewhere', paymentRef: 'pi_elsewhere' });
    await failOrder(db, order.id, 'We could not complete your order.');
    return order.id;
  }

  beforeAll(async () => {
    // Unlocks look at the supplier often, so one finishes within the test.
    store = await createTestStore(kind, {
      internalToken: INTERNAL_TOKEN,
      unlockBackoff: { firstSeconds: 0.1, maxSeconds: 0.4 },
    });
    admin = await signUpAdmin(store, adminEmail, INTERNAL_TOKEN);
    customer = await signUp(store, `shopper-${kind}@example.com`);
    pkg = ((await (await store.app.request('/api/esim/packages')).json()) as Package[])[0] as Package;
  });
  afterAll(() => store.close());

  describe('access, from one table of every admin route', () => {
    // Every route the app has under /api/admin (not just the documented ones): a new one is in here.
    const adminRoutes = () =>
      store.app.routes
        .filter((route) => route.path.startsWith('/api/admin/') && route.method !== 'ALL')
        .map((route) => ({ method: route.method, path: route.path.replace(/:[a-z]+/gi, '1') }));

    it('knows the admin routes', () => {
      expect(adminRoutes().length).toBeGreaterThanOrEqual(9);
    });

    it('answers 401 to a visitor and 403 to a customer on every admin API route, and lets an admin in', async () => {
      for (const route of adminRoutes()) {
        const ask = (cookie?: string) =>
          store.app.request(route.path, {
            method: route.method,
            headers: {
              'content-type': 'application/json',
              origin: 'http://localhost:3000',
              ...(cookie ? { cookie } : {}),
            },
            ...(route.method === 'GET' ? {} : { body: '{}' }),
          });
        expect((await ask()).status, `${route.method} ${route.path} as a visitor`).toBe(401);
        expect((await ask(customer)).status, `${route.method} ${route.path} as a customer`).toBe(403);
        expect([401, 403], `${route.method} ${route.path} as an admin`).not.toContain((await ask(admin)).status);
      }
    });

    it('answers every admin page with 401 to a visitor, 403 to a customer and 200 to an admin', async () => {
      const pages = PAGE_PATHS.filter(isAdminPath);
      expect(pages.length).toBeGreaterThanOrEqual(4);
      const request = (cookie?: string) => new Request('http://localhost/admin', { headers: cookie ? { cookie } : {} });
      for (const page of pages) {
        expect(await adminPageStatus(store.deps, request()), page).toBe(401);
        expect(await adminPageStatus(store.deps, request(customer)), page).toBe(403);
        expect(await adminPageStatus(store.deps, request(admin)), page).toBe(200);
      }
    });
  });

  describe('the audit log', () => {
    it('records a change with who, what, the record, before and after, and from where', async () => {
      const order = await deliveredOrder();
      const res = await postJson(
        store,
        `/api/admin/orders/${order.orderId}/actions`,
        { action: 'note', text: 'Customer phoned about the QR code.', customer_visible: false },
        { cookie: admin, 'user-agent': 'AuditTest/1.0' },
      );
      expect(res.status).toBe(200);
      const { body } = await asAdmin<AuditPage>(`/api/admin/audit?record=${order.orderId}`);
      expect(body.events).toEqual([
        expect.objectContaining({
          actor: adminEmail,
          action: 'order.note',
          record_type: 'order',
          record_id: order.orderId,
          before: { status: 'fulfilled' },
          after: { detail: 'Customer phoned about the QR code.', customer_visible: false },
        }),
      ]);
      const [row] = await store.deps.database.db
        .select()
        .from(t.auditEvents)
        .where(eq(t.auditEvents.recordId, order.orderId));
      expect(row?.userAgent).toBe('AuditTest/1.0');
      // An internal note stays out of the customer's history.
      const { body: seen } = await getOrder(store, order.orderId, order.token);
      expect(seen.events.map((event) => event.message)).not.toContain('Customer phoned about the QR code.');
    });

    it('writes the audit event in the change’s transaction: when it cannot be written, the change is undone', async () => {
      const order = await deliveredOrder();
      // PostgreSQL refuses NUL in text: the audit insert fails after the note's event was written.
      const actor: AdminActor = { userId: 'x', email: 'bad\u0000@example.com', ip: null, userAgent: null };
      await expect(
        store.deps.workflows.admin.actOnOrder(actor, order.orderId, {
          action: 'note',
          text: 'A note the customer would see.',
          customer_visible: true,
        }),
      ).rejects.toThrow();
      const { body } = await getOrder(store, order.orderId, order.token);
      expect(body.events.map((event) => event.message)).not.toContain('A note the customer would see.');
    });

    it('records a catalogue sync with what it imported', async () => {
      expect((await postJson(store, '/api/admin/catalog/sync', { limit: 300 }, { cookie: admin })).status).toBe(200);
      const { body } = await asAdmin<AuditPage>('/api/admin/audit?action=catalog.sync');
      expect(body.events[0]).toMatchObject({ actor: adminEmail, after: { limit: 300, inserted: 0 } });
    });

    it('is append-only: the database refuses to change or remove an event', async () => {
      const db = store.deps.database.db;
      await expect(db.update(t.auditEvents).set({ action: 'order.other' })).rejects.toThrow();
      await expect(db.delete(t.auditEvents)).rejects.toThrow();
      expect((await db.select().from(t.auditEvents)).length).toBeGreaterThan(0);
    });

    it('records the coupons an admin creates, and nothing for one refused', async () => {
      expect(
        (await postJson(store, '/api/admin/coupons', { code: 'AUDIT10', percent_off: 10 }, { cookie: admin })).status,
      ).toBe(201);
      expect(
        (await postJson(store, '/api/admin/coupons', { code: 'audit10', percent_off: 20 }, { cookie: admin })).status,
      ).toBe(409);
      const { body } = await asAdmin<AuditPage>('/api/admin/audit?action=coupon.create');
      expect(body.events.filter((event) => event.record_id === 'AUDIT10')).toHaveLength(1);
    });
  });

  describe('order actions through the order core', () => {
    it('refunds once however often it is sent, with its reason, and then offers no refund', async () => {
      const order = await deliveredOrder();
      const { body: before } = await asAdmin<AdminOrderDetail>(`/api/admin/orders/${order.orderId}`);
      expect(before.actions).toContain('refund');

      const answers = await Promise.all(
        [1, 2, 3].map(() => act(order.orderId, { action: 'refund', reason: 'Customer changed plans' })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);

      const { body: after } = await asAdmin<AdminOrderDetail>(`/api/admin/orders/${order.orderId}`);
      expect(after.order.status).toBe('refunded');
      expect(after.actions).not.toContain('refund');
      expect(after.timeline.find((entry) => entry.type === 'state')?.status).toBe('refunded');
      expect(after.timeline).toContainEqual(
        expect.objectContaining({ type: 'audit', actor: adminEmail, detail: 'Customer changed plans' }),
      );
      const refunds = await store.deps.database.sql.executeSql(
        'SELECT refunded_cents FROM sandbox_payment_sessions WHERE id = $1',
        [order.sessionId],
      );
      expect(refunds.rows).toEqual([{ refunded_cents: pkg.price_cents }]);
      expect((await act(order.orderId, { action: 'refund', reason: 'Again' })).status).toBe(409);
    });

    it('retries an order whose delivery was lost to completion, once', async () => {
      // Paid, but its delivery job never queued (a crash between the payment and the queue).
      const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
      await markPaid(store.deps.database.db, order.orderId, { provider: 'sandbox', paymentRef: 'pi_lost_chain' });
      const { body } = await asAdmin<AdminOrderDetail>(`/api/admin/orders/${order.orderId}`);
      expect(body.order.status).toBe('paid');
      expect(body.actions).toContain('retry');

      expect((await act(order.orderId, { action: 'retry' })).status).toBe(200);
      await waitForStatus(store, order, 'fulfilled');
      const { body: seen } = await getOrder(store, order.orderId, order.token);
      expect(seen.events.filter((event) => event.status === 'fulfilled')).toHaveLength(1);
      expect((await act(order.orderId, { action: 'retry' })).status).toBe(409);
    });

    it('shows an unlock’s supplier exchanges and its payment events in the timeline', async () => {
      const order = await placeUnlockOrder(store, luhnImei('35693803', 41), { email: 'timeline@example.com' });
      await postJson(store, `/api/sandbox-payments/${new URL(order.url).pathname.split('/').at(-1)}/pay`, {});
      const done = await vi.waitFor(
        async () => {
          const { body } = await asAdmin<AdminOrderDetail>(`/api/admin/orders/${order.orderId}`);
          if (body.order.status !== 'fulfilled') throw new Error(`still ${body.order.status}`);
          return body;
        },
        { timeout: 20_000, interval: 100 },
      );
      const supplier = done.timeline.filter((entry) => entry.type === 'supplier');
      expect(supplier.map((entry) => entry.title)).toEqual([
        expect.stringMatching(/^Supplier finished it \(SBX-\d+\)$/),
        expect.stringMatching(/^Sent to supplier service SBX-\d+$/),
      ]);
      expect(supplier[1]?.detail).toMatch(/^Supplier reference \d+/);
      expect(done.timeline).toContainEqual(
        expect.objectContaining({ type: 'payment', title: 'Payment event: checkout.session.completed' }),
      );
      // Its supplier service's cost counts in today's unlock cost.
      const { body: overview } = await asAdmin<Overview>('/api/admin/overview');
      expect(overview.today.find((line) => line.kind === 'unlock')?.cost_cents).toBeGreaterThan(0);
    });

    it('refuses to retry a delivered order, and does not offer it', async () => {
      const order = await deliveredOrder();
      const { body } = await asAdmin<AdminOrderDetail>(`/api/admin/orders/${order.orderId}`);
      expect(body.actions).not.toContain('retry');
      const res = await act(order.orderId, { action: 'retry' });
      expect(res.status).toBe(409);
    });

    it('shows a customer-visible note in the customer’s history, and resends an email', async () => {
      const order = await deliveredOrder();
      expect(
        (await act(order.orderId, { action: 'note', text: 'We checked your eSIM.', customer_visible: true })).status,
      ).toBe(200);
      const { body: seen } = await getOrder(store, order.orderId, order.token);
      expect(seen.events.map((event) => event.message)).toContain('We checked your eSIM.');

      // The receipt goes out through the mail subscriber's job, just after delivery.
      const email = await vi.waitFor(
        async () => {
          const { body } = await asAdmin<AdminOrderDetail>(`/api/admin/orders/${order.orderId}`);
          const found = body.timeline.find((entry) => entry.type === 'email');
          if (!found?.mail_id) throw new Error('no email yet');
          return found;
        },
        { timeout: 10_000, interval: 100 },
      );
      const before = (await store.deps.mailer.outbox({ to: 'traveller@example.com', limit: 200 })).length;
      expect((await act(order.orderId, { action: 'resend_email', mail_id: email?.mail_id })).status).toBe(200);
      expect((await store.deps.mailer.outbox({ to: 'traveller@example.com', limit: 200 })).length).toBe(before + 1);
      expect((await act(order.orderId, { action: 'resend_email', mail_id: 999_999 })).status).toBe(404);
    });

    it('answers 400 for a refund without a reason and 404 for an unknown order', async () => {
      const order = await deliveredOrder();
      expect((await act(order.orderId, { action: 'refund', reason: '' })).status).toBe(400);
      expect((await act(order.orderId, { action: 'refund', reason: 'x\u0000y' })).status).toBe(400);
      expect((await act(order.orderId, { action: 'dance' })).status).toBe(400);
      expect((await act('00000000-0000-0000-0000-000000000000', { action: 'retry' })).status).toBe(404);
    });

    it('lists a failed, unrefunded order as needing a person until it is refunded', async () => {
      const orderId = await failedUnrefunded();
      const { body } = await asAdmin<Overview>('/api/admin/overview');
      expect(body.attention).toContainEqual(expect.objectContaining({ id: orderId, reason: 'failed_unrefunded' }));
      expect((await act(orderId, { action: 'refund', reason: 'Refunded by bank transfer' })).status).toBe(200);
      const { body: after } = await asAdmin<Overview>('/api/admin/overview');
      expect(after.attention.map((row) => row.id)).not.toContain(orderId);
    });

    it('gives today’s cost and margin where the store knows the cost, and none where it does not', async () => {
      const esim = (body: Overview) => body.today.find((line) => line.kind === 'esim');
      const before = esim((await asAdmin<Overview>('/api/admin/overview')).body);
      await deliveredOrder('costed@example.com');
      const { body } = await asAdmin<Overview>('/api/admin/overview');
      const [net] = await store.deps.database.db
        .select({ cents: t.esimPackages.netCostCents })
        .from(t.esimPackages)
        .where(eq(t.esimPackages.packageId, pkg.package_id));
      const line = esim(body);
      expect((line?.cost_cents ?? 0) - (before?.cost_cents ?? 0)).toBe(net?.cents);
      expect(line?.margin_cents).toBe(
        (line?.revenue_cents ?? 0) - (line?.refunded_cents ?? 0) - (line?.cost_cents ?? 0),
      );
      expect(body.today.find((row) => row.kind === 'license')).toMatchObject({ cost_cents: null, margin_cents: null });
    });

    it('says when the unlock supplier’s credit is low, as its last sync read it', async () => {
      const supplier = (body: Overview) => body.accounts.find((account) => account.role === 'unlock_supplier');
      await store.deps.quotes.recordSupplierCredit({ creditCents: 900_000, currency: 'USD' });
      expect(supplier((await asAdmin<Overview>('/api/admin/overview')).body)).toMatchObject({
        balance_cents: 900_000,
        low: false,
      });
      await store.deps.quotes.recordSupplierCredit({ creditCents: 1_200, currency: 'USD' });
      expect(supplier((await asAdmin<Overview>('/api/admin/overview')).body)).toMatchObject({
        balance_cents: 1_200,
        currency: 'USD',
        low: true,
      });
    });

    it('says when the check provider’s balance is low, and costs today’s checks at its prices', async () => {
      // The store's own first sync (queued at start) has run: no later one overwrites what this test sets.
      await vi.waitFor(async () => expect(await checkProviderAccount(store.deps.database.db)).not.toBeNull(), {
        timeout: 10_000,
      });
      const provider = store.deps.checks.provider;
      const lowOnFunds = { ...provider, account: async () => ({ balanceCents: 1_500 }) };
      await syncCheckProvider(store.deps.database.db, lowOnFunds, store.deps.logger);
      const checks = (body: Overview) => body.accounts.find((account) => account.role === 'check_provider');
      expect(checks((await asAdmin<Overview>('/api/admin/overview')).body)).toMatchObject({
        name: provider.name,
        balance_cents: 1_500,
        low: true,
      });
      await syncCheckProvider(store.deps.database.db, provider, store.deps.logger);
      const { body } = await asAdmin<Overview>('/api/admin/overview');
      expect(checks(body)).toMatchObject({ balance_cents: 50_000, low: false });

      // A check bought now costs what the provider's list says (the sandbox's full Apple report: $1.20).
      const before = body.today.find((line) => line.kind === 'check')?.cost_cents ?? 0;
      const bought = await buyCheck(store, {
        product: 'apple_report',
        // An iPhone 8's IMEI: a full Apple report is sold for Apple devices only.
        identifier: luhnImei('35299209', 4242),
        email: 'checker@example.com',
      });
      const [check] = await store.deps.database.db
        .select({ cost: t.deviceChecks.costCents })
        .from(t.deviceChecks)
        .where(eq(t.deviceChecks.orderId, bought.orderId));
      expect(check?.cost).toBe(120);
      const after = (await asAdmin<Overview>('/api/admin/overview')).body.today.find((line) => line.kind === 'check');
      expect(after?.cost_cents).toBe(before + 120);
    });

    it('lists a dead letter whose handler failed for good, with its order', async () => {
      const orderId = await failedUnrefunded();
      await store.deps.database.sql.executeSql(
        `INSERT INTO pgboss.job (name, data, state, completed_on, output)
         VALUES ('unlock.fulfil.failed', $1::jsonb, 'failed', now(), '{"message":"the refund provider was down"}'::jsonb)`,
        [JSON.stringify({ orderId, step: 3 })],
      );
      const { body } = await asAdmin<Overview>('/api/admin/overview');
      expect(body.failed_jobs).toContainEqual(
        expect.objectContaining({
          queue: 'unlock.fulfil.failed',
          order_id: orderId,
          message: 'the refund provider was down',
        }),
      );
    });
  });

  describe('the order list', () => {
    it('pages newest first by keyset, never repeating or skipping a row, with filters', async () => {
      const email = `lister-${kind}@example.com`;
      const placed = [];
      for (let i = 0; i < 5; i += 1) {
        placed.push(await placeEsimOrder(store, { email, items: [{ package_id: pkg.package_id, quantity: 1 }] }));
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/admin/orders?email=${encodeURIComponent(email.toUpperCase())}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const { status, body } = await asAdmin<AdminOrderPage>(query);
        expect(status).toBe(200);
        seen.push(...body.orders.map((row) => row.id));
        cursor = body.next;
      } while (cursor);
      expect(seen).toEqual(placed.map((order) => order.orderId).reverse());

      const first = placed[0]?.orderId ?? '';
      const byNumber = await asAdmin<AdminOrderPage>(`/api/admin/orders?number=${first.slice(0, 8)}`);
      expect(byNumber.body.orders.map((row) => row.id)).toEqual([first]);
      const byState = await asAdmin<AdminOrderPage>(
        `/api/admin/orders?email=${email}&status=pending_payment&kind=esim`,
      );
      expect(byState.body.orders).toHaveLength(5);
      const none = await asAdmin<AdminOrderPage>(`/api/admin/orders?email=${email}&kind=unlock`);
      expect(none.body.orders).toHaveLength(0);
      const byDevice = await asAdmin<AdminOrderPage>('/api/admin/orders?imei=356938035643809');
      expect(byDevice.body.orders).toHaveLength(0);
      const today = new Date().toISOString().slice(0, 10);
      const byDay = await asAdmin<AdminOrderPage>(`/api/admin/orders?email=${email}&from=${today}&to=${today}`);
      expect(byDay.body.orders).toHaveLength(5);
    });

    it.each([
      ['a cursor it did not give out', 'cursor=nonsense'],
      ['a page over the maximum', 'limit=1000'],
      ['an unknown state', 'status=lost'],
      ['a malformed date', 'from=yesterday'],
      ['an order number with other letters', 'number=zz'],
      ['NUL in the email', 'email=a%00b'],
    ])('answers 400 for %s', async (_, query) => {
      expect((await asAdmin(`/api/admin/orders?${query}`)).status).toBe(400);
    });
  });
});
