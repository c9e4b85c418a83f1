import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_SERVICE_REFUSALS,
  DEVICE_SERVICE_STEPS,
  type DeviceServiceOrderRequest,
} from '../../domain/device-services.ts';
import {
  GENERIC_FORM_MESSAGES,
  REFUND_FORM_MESSAGES,
  REFUND_REQUEST_ANSWERS,
} from '../../domain/device-service-forms.ts';
import type { SharedOrder } from '../../domain/order-answer.ts';
import { type ProductOffers, productOffersSchema } from '../../domain/product-prices.ts';
import { DEVICE_SERVICE_EVENTS } from '../../domain/unlock-fulfilment.ts';
import type { Store } from '../bootstrap.ts';
import * as t from '../db/schema.ts';
import { sandboxCheckImei } from '../integrations/checks/sandbox-server.ts';
import { SANDBOX_TACS, sandboxImei } from '../integrations/suppliers/sandbox-outcomes.ts';
import { SANDBOX_SERVICE_RESULT } from '../integrations/suppliers/sandbox-server.ts';
import { findOrder } from '../modules/orders/service.ts';
import { unlockPlan } from '../modules/unlocks/service.ts';
import { asKind, expectMisfitRefusal, type PlacedOrder, waitForStatus } from '../testing/orders.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore, getJson, postJson } from '../testing/test-store.ts';
import { placeUnlockOrder } from '../testing/unlocks.ts';

let serial = 0;
const form = (identifier: string, extra: Partial<DeviceServiceOrderRequest> = {}): DeviceServiceOrderRequest => ({
  service: 'icloud_removal',
  identifier,
  email: `service-${++serial}@example.com`,
  brand: 'Apple',
  model: 'iPhone 13',
  lawful: true,
  noData: true,
  refund: true,
  ...extra,
});

describe.each(testDbKinds())('device services, on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore(kind, {
      unlockBackoff: { firstSeconds: 0.1, maxSeconds: 0.5 },
      // Every order here comes from one client address: more than a visitor may place in an hour.
      config: { DEVICE_SERVICE_RATE_LIMIT: '100' },
    });
  });
  afterAll(() => store.close());

  const order = (body: DeviceServiceOrderRequest) => postJson(store, '/api/device-services', body);
  const orderCount = async () =>
    (await store.deps.database.db.select().from(t.orders).where(eq(t.orders.kind, 'device_service'))).length;

  /** Orders the service and pays it in the sandbox. */
  async function buy(body: DeviceServiceOrderRequest): Promise<PlacedOrder> {
    const res = await order(body);
    const answer = (await res.json()) as { url: string; order_id: string };
    expect(res.status, JSON.stringify(answer)).toBe(200);
    const sessionId = new URL(answer.url).pathname.split('/').at(-1) ?? '';
    expect((await postJson(store, `/api/sandbox-payments/${sessionId}/pay`, {})).status).toBeLessThan(400);
    const placed = await findOrder(store.deps.database.db, answer.order_id);
    return { url: answer.url, sessionId, orderId: answer.order_id, token: placed?.accessToken ?? '' };
  }

  it.each([
    ['the lawful-ownership confirmation', { lawful: false }, 'lawful', GENERIC_FORM_MESSAGES.lawful],
    ['the data confirmation', { noData: false }, 'noData', GENERIC_FORM_MESSAGES.noData],
    ['the refund policy', { refund: false }, 'refund', GENERIC_FORM_MESSAGES.refund],
    ['a manufacturer the service is not for', { brand: 'Samsung' }, 'brand', GENERIC_FORM_MESSAGES.brand],
    [
      'an identifier of 18 characters',
      { identifier: 'A'.repeat(18) },
      'identifier',
      GENERIC_FORM_MESSAGES.invalidFormat,
    ],
    ['an empty identifier', { identifier: '' }, 'identifier', GENERIC_FORM_MESSAGES.required],
    ['a NUL in the model', { model: 'iPhone\u0000' }, 'model', undefined],
  ] as const)('refuses a form without %s with the spec message and no order', async (_what, change, field, message) => {
    const before = await orderCount();
    const res = await order(form(sandboxCheckImei('clean', 1), change));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(body.error.fieldErrors[field]).toBeDefined();
    if (message) expect(body.error.fieldErrors[field]).toContain(message);
    expect(await orderCount()).toBe(before);
  });

  it.each([
    [
      'iCloud removal for a Samsung',
      form(sandboxCheckImei('clean', 31, 'samsung')),
      'This IMEI is a Samsung Galaxy S22: the iCloud Activation Lock removal is for Apple devices. The FRP (Google account) lock removal is $29.99.',
    ],
    [
      'FRP removal for an iPhone',
      form(sandboxCheckImei('clean', 32), { service: 'frp_removal', brand: 'Samsung' }),
      'This IMEI is an Apple iPhone 8: the FRP (Google account) lock removal is for Android phones. The iCloud Activation Lock removal is $49.99.',
    ],
  ])('refuses %s before payment with the service that fits, placing nothing', async (_, body, message) => {
    const before = await orderCount();
    await expectMisfitRefusal(await order(body), message);
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['in lost mode', 'icloud_removal', 'lost_mode', 409, 'lost'],
    ['on the GSMA blacklist', 'frp_removal', 'blacklisted', 409, 'blacklisted'],
    ['unknown to the records', 'icloud_removal', 'unknown_device', 409, 'unknown'],
    ['not checkable now (the provider failed)', 'frp_removal', 'provider_error', 503, null],
  ] as const)(
    'refuses a device %s before payment: nothing charged, no order',
    async (_what, service, outcome, status, reason) => {
      const before = await orderCount();
      const brand = service === 'frp_removal' ? 'Samsung' : 'Apple';
      const res = await order(
        form(sandboxCheckImei(outcome, 2, brand === 'Samsung' ? 'samsung' : 'apple'), { service, brand }),
      );
      const body = (await res.json()) as { error: { code: string; message: string; details?: { reason: string } } };
      expect(res.status).toBe(status);
      expect(body.error.message).toBe(reason ? DEVICE_SERVICE_REFUSALS[reason] : DEVICE_SERVICE_REFUSALS.unavailable);
      if (reason) expect(body.error.details?.reason).toBe(reason);
      expect(await orderCount()).toBe(before);
    },
  );

  it('carries an iCloud removal through a supplier service with its custom fields to the result, its steps and its email', async () => {
    const imei = sandboxCheckImei('clean', 3);
    const placed = await buy(form(imei, { email: 'icloud-owner@example.com' }));
    const plan = await unlockPlan(store.deps.database.db, placed.orderId);
    expect(plan).toMatchObject({ service: 'icloud_removal', imei, fields: { Brand: 'Apple', Model: 'iPhone 13' } });
    expect(plan?.toolIds).toEqual(['SBX-9101', 'SBX-9102']);

    const done = asKind(await waitForStatus(store, placed, 'fulfilled', 20_000), 'device_service');
    expect(done.service).toMatchObject({
      service: 'icloud_removal',
      service_name: 'iCloud Activation Lock removal',
      identifier_masked: `${imei.slice(0, 8)}***${imei.slice(-4)}`,
      device: 'Apple iPhone 13',
      result: { message: SANDBOX_SERVICE_RESULT, steps: [...DEVICE_SERVICE_STEPS.icloud_removal] },
    });
    expect(done.events.map((event) => event.message)).toContain(DEVICE_SERVICE_EVENTS.submitted);
    await expect
      .poll(async () => (await store.deps.mailer.outbox({ to: 'icloud-owner@example.com' })).map((m) => m.subject))
      .toContainEqual(expect.stringMatching(/^Your iCloud Activation Lock removal is complete/));

    // A share link shows the state and the promise, never the result.
    const link = await postJson(store, `/api/orders/${placed.orderId}/shares?token=${placed.token}`, {});
    const { token } = (await link.json()) as { token: string };
    const shared = (await (await store.app.request(`/api/shares/${token}`)).json()) as SharedOrder;
    expect(shared.kind).toBe('device_service');
    expect(JSON.stringify(shared)).not.toContain(SANDBOX_SERVICE_RESULT);
    expect(JSON.stringify(shared)).not.toContain(imei);
  });

  it('promises on the product page the hours the order then keeps (its first tool), before any form', async () => {
    const { body } = await getJson<ProductOffers>(store, '/api/prices');
    expect(productOffersSchema.parse(body).delivery.device_service).toEqual({
      icloud_removal: { average_hours: expect.any(Number), guaranteed_hours: expect.any(Number) },
      frp_removal: { average_hours: expect.any(Number), guaranteed_hours: expect.any(Number) },
    });
    const shown = body.delivery.device_service.icloud_removal;
    expect(shown?.average_hours).toBeLessThanOrEqual(shown?.guaranteed_hours ?? 0);

    const placed = await buy(form(sandboxCheckImei('clean', 4)));
    const plan = await unlockPlan(store.deps.database.db, placed.orderId);
    expect({ average_hours: plan?.averageHours, guaranteed_hours: plan?.guaranteedHours }).toEqual(shown);
  });

  it('takes a serial number for an FRP removal', async () => {
    const placed = await buy(form('R58N21ABCDE', { service: 'frp_removal', brand: 'Samsung', model: 'Galaxy S21' }));
    const done = asKind(await waitForStatus(store, placed, 'fulfilled', 20_000), 'device_service');
    expect(done.service).toMatchObject({ service: 'frp_removal', identifier_masked: '***BCDE' });
  });

  it('refunds in full, once, a service no supplier can do, and says so in its own words', async () => {
    const placed = await buy(
      form(sandboxImei('rejected_everywhere', 4, SANDBOX_TACS.iphone), { email: 'refused-service@example.com' }),
    );
    const refunded = await waitForStatus(store, placed, 'refunded', 20_000);
    const messages = refunded.events.map((event) => event.message);
    expect(messages).toContain(DEVICE_SERVICE_EVENTS.noSupplierLeft);
    expect(messages.filter((message) => message.startsWith('Refunded $'))).toHaveLength(1);
    await expect
      .poll(async () => (await store.deps.mailer.outbox({ to: 'refused-service@example.com' })).map((m) => m.subject))
      .toContainEqual(expect.stringMatching(/^Your iCloud Activation Lock removal was refunded/));
  });

  it('takes one paid service per device at a time, independently of a carrier unlock of the same IMEI', async () => {
    const imei = sandboxImei('stuck_in_process', 5, SANDBOX_TACS.iphone);
    const unlock = await placeUnlockOrder(store, imei);
    const unlockSession = new URL(unlock.url).pathname.split('/').at(-1) ?? '';
    await postJson(store, `/api/sandbox-payments/${unlockSession}/pay`, {});

    const first = await buy(form(imei));
    await waitForStatus(store, first, 'in_progress', 20_000);
    const second = await order(form(imei));
    expect(second.status).toBe(409);
    const body = (await second.json()) as { error: { code: string; details: { order_url: string } } };
    expect(body.error).toMatchObject({ code: 'UNLOCK_IN_PROGRESS', details: { order_url: `/order/${first.orderId}` } });
    // Another service is its own line: refused here only because an FRP removal does not fit an iPhone.
    const other = await order(form(imei, { service: 'frp_removal', brand: 'Samsung' }));
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('DEVICE_NOT_ELIGIBLE');
  });

  it('two payments of one service for one device at the same moment: one goes to the supplier, the other is refunded', async () => {
    const imei = sandboxImei('stuck_in_process', 6, SANDBOX_TACS.iphone);
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = (await (await order(form(imei))).json()) as { url: string; order_id: string };
      sessions.push(new URL(answer.url).pathname.split('/').at(-1) ?? '');
    }
    await Promise.all(sessions.map((session) => postJson(store, `/api/sandbox-payments/${session}/pay`, {})));
    await expect
      .poll(async () => {
        const rows = await store.deps.database.db
          .select({ stage: t.unlockOrders.stage })
          .from(t.unlockOrders)
          .where(and(eq(t.unlockOrders.imei, imei), eq(t.unlockOrders.service, 'icloud_removal')));
        return rows.map((row) => row.stage);
      })
      .toEqual(expect.arrayContaining(['with_supplier', expect.stringMatching(/^(refunding|refunded)$/)]));
  });

  it('never offers a device service tool for a carrier unlock quote', async () => {
    const rows = await store.deps.database.db
      .select({ active: t.supplierTools.active })
      .from(t.supplierTools)
      .where(inArray(t.supplierTools.toolId, ['SBX-9101', 'SBX-9102', 'SBX-9201']));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => !row.active)).toBe(true);
  });

  describe('the iPhone refund request of an order', () => {
    const refundForm = (imei: string, email: string, extra: Record<string, unknown> = {}) => ({
      region: 'USA',
      simNumber: '8901260123456789012',
      model: 'iPhone 13',
      imei,
      email,
      accurateInfo: true,
      notStolen: true,
      acceptRefund: true,
      ...extra,
    });
    const ask = (placed: PlacedOrder, body: unknown, token: string | null = placed.token) =>
      postJson(store, `/api/orders/${placed.orderId}/refund-request${token ? `?token=${token}` : ''}`, body);

    it('refunds in full, once, an order the supplier has not done yet, for its owner with its IMEI and email', async () => {
      const imei = sandboxImei('stuck_in_process', 9, SANDBOX_TACS.iphone);
      const email = 'refund-asker@example.com';
      const placed = await buy(form(imei, { email }));
      await waitForStatus(store, placed, 'in_progress', 20_000);

      expect((await ask(placed, refundForm(imei, email), null)).status).toBe(404);
      expect((await ask(placed, refundForm(imei, email), 'not-the-token')).status).toBe(404);
      const wrong = await ask(placed, refundForm(sandboxImei('stuck_in_process', 10, SANDBOX_TACS.iphone), email));
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
        REFUND_REQUEST_ANSWERS.mismatch,
      );
      const noSim = await ask(placed, refundForm(imei, email, { simNumber: '' }));
      expect(
        ((await noSim.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors.simNumber,
      ).toEqual([REFUND_FORM_MESSAGES.simNumber]);

      const [first, second] = await Promise.all([
        ask(placed, refundForm(imei, email)),
        ask(placed, refundForm(imei, email)),
      ]);
      const outcomes = [await first?.json(), await second?.json()].map(
        (answer) => (answer as { outcome: string }).outcome,
      );
      expect(outcomes.sort()).toEqual(['refunded', 'refunding']);
      const refunded = await waitForStatus(store, placed, 'refunded', 20_000);
      const messages = refunded.events.map((event) => event.message);
      expect(messages).toContain('You asked for a refund (iPhone 13, bought in USA, SIM/eSIM number ending 9012).');
      expect(messages.filter((message) => message.startsWith('Refunded $'))).toHaveLength(1);
    });

    it('says no to a refund of a service that is done, as the refund policy does', async () => {
      const imei = sandboxCheckImei('clean', 11);
      const placed = await buy(form(imei, { email: 'done-owner@example.com' }));
      await waitForStatus(store, placed, 'fulfilled', 20_000);
      const res = await ask(placed, refundForm(imei, 'DONE-owner@example.com', { region: 'Europe', simNumber: '' }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ outcome: 'not_refundable', message: REFUND_REQUEST_ANSWERS.completed });
    });
  });
});
