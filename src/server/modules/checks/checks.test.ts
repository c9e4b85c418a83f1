import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_REUSED_MESSAGES,
  type CheckOrderAnswer,
  FREE_CHECK_MESSAGES,
  type FreeCheckAnswer,
} from '../../../domain/device-checks.ts';
import type { OrderAnswer, SharedOrder } from '../../../domain/order-answer.ts';
import { maskImei } from '../../../domain/imei.ts';
import type { Store } from '../../bootstrap.ts';
import * as t from '../../db/schema.ts';
import {
  sandboxCheckImei,
  type SandboxCheckOutcome,
  sandboxSecondImei,
} from '../../integrations/checks/sandbox-server.ts';
import { sandboxImeiWith } from '../../integrations/suppliers/sandbox-outcomes.ts';
import { postJson, signUp, signUpAdmin } from '../../testing/fixtures.ts';
import { asKind, buyCheck, expectMisfitRefusal, getOrder, waitForStatus } from '../../testing/orders.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { aQuote, IPHONE_15_ATT, unlockForm } from '../../testing/unlocks.ts';
import { UNLOCK_REFUSALS } from '../../../domain/unlock-order.ts';

const INTERNAL = 'checks-internal-token-0123456789abcdef';
/** A valid IMEI whose TAC no table holds. */
const UNKNOWN_TAC_IMEI = sandboxImeiWith('10', 0, '00000001');

describe.each(testDbKinds())('device checks, on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL });
  });
  afterAll(() => store.close());

  async function free(identifier: string) {
    const res = await store.app.request(`/api/checks/free?identifier=${encodeURIComponent(identifier)}`);
    return { status: res.status, body: (await res.json()) as FreeCheckAnswer };
  }
  const get = (path: string, cookie?: string) => store.app.request(path, { headers: cookie ? { cookie } : {} });

  it('answers the free check from the TAC table, plainly when the TAC is unknown, and refuses what is neither', async () => {
    expect((await free(sandboxCheckImei('clean'))).body).toMatchObject({
      found: true,
      brand: 'Apple',
      model: 'iPhone 8',
      device_type: 'phone',
      source: 'table',
      tac: '35299209',
    });
    expect((await free(sandboxCheckImei('knox_enrolled'))).body).toMatchObject({
      brand: 'Samsung',
      model: 'Galaxy S22',
    });
    const unknown = await free(UNKNOWN_TAC_IMEI);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ found: false, message: FREE_CHECK_MESSAGES.notInTable });
    expect((await free('C39XK1AAHG7F')).body).toMatchObject({ identifier_kind: 'serial', found: false });
    expect((await free('12345')).status).toBe(400);
    expect((await free('a\u0000b')).status).toBe(400);
  });

  it.each([
    ['carrier_locked', 'locked', 'AT&T', 'iPhone 8'],
    ['clean', 'unlocked', null, 'iPhone 8'],
    ['provider_error', 'unknown', null, null],
  ] as const)('tells the eSIM checkout a %s phone is %s, with no order', async (outcome, state, carrier, model) => {
    const res = await postJson(store, '/api/checks/lock', { imei: sandboxCheckImei(outcome, 3) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state, carrier, model });
  });

  it('refuses a lock check of what is not an IMEI', async () => {
    expect((await postJson(store, '/api/checks/lock', { imei: 'C39XK1AAHG7F' })).status).toBe(400);
  });

  it('learns the model of a TAC the table lacks from a paid check, for the next free check', async () => {
    const placed = await buyCheck(store, {
      product: 'blacklist',
      identifier: UNKNOWN_TAC_IMEI,
      email: 'learn@example.com',
    });
    await waitForStatus(store, placed, 'fulfilled');
    expect((await free(UNKNOWN_TAC_IMEI)).body).toMatchObject({
      found: true,
      source: 'provider',
      message: FREE_CHECK_MESSAGES.foundByProvider,
    });
  });

  const outcomes: [SandboxCheckOutcome, Record<string, unknown>][] = [
    ['clean', { sim_lock: false, blacklisted: false, find_my: false, lost_mode: false }],
    ['blacklisted', { blacklisted: true }],
    ['icloud_locked', { find_my: true, lost_mode: false }],
    ['carrier_locked', { sim_lock: true, carrier: 'AT&T' }],
    ['lost_mode', { find_my: true, lost_mode: true }],
    ['slow', { sim_lock: false }],
  ];
  it.each(outcomes)('delivers a paid Apple report of a %s device with its result', async (outcome, expected) => {
    const placed = await buyCheck(store, {
      product: 'apple_report',
      identifier: sandboxCheckImei(outcome, 1),
      email: `apple-${outcome}@example.com`,
    });
    const done = asKind(await waitForStatus(store, placed, 'fulfilled', 20_000), 'check');
    expect(done.check.result).toMatchObject({ model: 'iPhone 8', ...expected });
    expect(done.total_cents).toBe(499);
  });

  it.each([
    [
      'apple_report' as const,
      sandboxCheckImei('knox_enrolled', 21),
      'This IMEI is a Samsung Galaxy S22: the Full Apple report is for Apple devices. The Samsung Knox / MDM check is $3.49.',
    ],
    [
      'knox' as const,
      sandboxCheckImei('clean', 21),
      'This IMEI is an Apple iPhone 8: the Samsung Knox / MDM check is for Samsung devices. The Full Apple report is $4.99.',
    ],
  ])(
    'refuses a %s for a device it is not made for before payment, naming the check that fits',
    async (product, identifier, message) => {
      const email = `misfit-${product}-${kind}@example.com`;
      await expectMisfitRefusal(await postJson(store, '/api/checks', { product, identifier, email }), message);
      const placed = await store.deps.database.db.select().from(t.orders).where(eq(t.orders.email, email));
      expect(placed).toEqual([]);
    },
  );

  it('sells a check for a device the store does not know: the customer’s word stands', async () => {
    const res = await postJson(store, '/api/checks', {
      product: 'knox',
      // Another TAC than UNKNOWN_TAC_IMEI's, which a paid check teaches the store.
      identifier: sandboxImeiWith('10', 1, '00000002'),
      email: `unknown-knox-${kind}@example.com`,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as CheckOrderAnswer).outcome).toBe('checkout');
  });

  it('stops an unlock of an IMEI a check found blacklisted before payment, placing nothing', async () => {
    const imei = sandboxCheckImei('blacklisted', 41);
    const placed = await buyCheck(store, { product: 'blacklist', identifier: imei, email: `bl-${kind}@example.com` });
    await waitForStatus(store, placed, 'fulfilled');
    const quote = await aQuote(store, imei, IPHONE_15_ATT);
    const email = `blacklisted-unlock-${kind}@example.com`;
    const res = await postJson(store, '/api/orders/unlock', unlockForm(quote, imei, { email }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: { code: 'DEVICE_NOT_ELIGIBLE', message: UNLOCK_REFUSALS.blacklisted, details: { reason: 'blacklisted' } },
    });
    expect(await store.deps.database.db.select().from(t.orders).where(eq(t.orders.email, email))).toEqual([]);
    // A device no check has found reported is sold as before.
    const clean = sandboxCheckImei('clean', 41);
    const ok = await postJson(store, '/api/orders/unlock', unlockForm(await aQuote(store, clean), clean, { email }));
    expect(ok.status).toBe(200);
  });

  it('reports a Knox enrolment on a Samsung', async () => {
    const placed = await buyCheck(store, {
      product: 'knox',
      identifier: sandboxCheckImei('knox_enrolled'),
      email: 'knox@example.com',
    });
    const done = asKind(await waitForStatus(store, placed, 'fulfilled'), 'check');
    expect(done.check.result).toMatchObject({ brand: 'Samsung', model: 'Galaxy S22', mdm_lock: true });
  });

  it.each(['unknown_device', 'provider_error'] as const)(
    'refunds a check the provider answers %s, once, and says so',
    async (outcome) => {
      const email = `refund-${outcome}@example.com`;
      const placed = await buyCheck(store, { product: 'blacklist', identifier: sandboxCheckImei(outcome), email });
      const refunded = await waitForStatus(store, placed, 'refunded');
      expect(refunded.refunded).toBe(true);
      expect(refunded.events.filter((event) => event.status === 'refunded')).toHaveLength(1);
      await expect
        .poll(async () => (await store.deps.mailer.outbox({ to: email })).map((mail) => mail.subject))
        .toEqual([expect.stringMatching(/^Your GSMA blacklist check was refunded/)]);
      // Running the chain again changes nothing: still one refund.
      await store.deps.kinds.check.fulfiller?.fulfil(placed.orderId);
      expect(
        (await getOrder(store, placed.orderId, placed.token)).body.events.filter((e) => e.status === 'refunded'),
      ).toHaveLength(1);
    },
  );

  it('answers the same check of the same device within 24 hours from the stored result, without a second charge', async () => {
    const email = 'reuse@example.com';
    const cookie = await signUp(store, email);
    const identifier = sandboxCheckImei('carrier_locked', 7);
    const placed = await buyCheck(store, { product: 'carrier', identifier, email }, { cookie });
    await waitForStatus(store, placed, 'fulfilled');

    const again = await postJson(store, '/api/checks', { product: 'carrier', identifier, email }, { cookie });
    const reused = (await again.json()) as CheckOrderAnswer;
    expect(reused).toMatchObject({ outcome: 'reused', message: CHECK_REUSED_MESSAGES.signedIn });
    expect(reused.outcome === 'reused' && reused.url).toContain(`/imei-check/results/${placed.orderId}`);

    const listed = async (kind: string) =>
      ((await (await get(`/api/orders?kind=${kind}`, cookie)).json()) as { orders: { id: string }[] }).orders;
    expect((await listed('check')).map((order) => order.id)).toEqual([placed.orderId]);
    expect(await listed('esim')).toEqual([]);

    // A guest typing the same email and IMEI learns nothing of an earlier check (issue 45 §8): the
    // answer is a checkout as for any new check, and no email goes to that address.
    const mailsBefore = (await store.deps.mailer.outbox({ to: email })).length;
    const guest = (await (
      await postJson(store, '/api/checks', { product: 'carrier', identifier, email })
    ).json()) as CheckOrderAnswer;
    expect(guest).toMatchObject({ outcome: 'checkout' });
    expect((await store.deps.mailer.outbox({ to: email })).length).toBe(mailsBefore);
    // Another check of the same device is a new order.
    expect(
      (await (
        await postJson(store, '/api/checks', { product: 'blacklist', identifier, email })
      ).json()) as CheckOrderAnswer,
    ).toMatchObject({
      outcome: 'checkout',
    });
  });

  it('lets the owner, the token holder and an admin read a result, shares it masked and revocably, and makes its PDF', async () => {
    const identifier = sandboxCheckImei('carrier_locked', 9);
    const placed = await buyCheck(store, { product: 'apple_report', identifier, email: 'owner@example.com' });
    await waitForStatus(store, placed, 'fulfilled');

    const stranger = await signUp(store, 'stranger@example.com');
    expect((await get(`/api/orders/${placed.orderId}`, stranger)).status).toBe(404);
    expect((await get(`/api/checks/${placed.orderId}/report.pdf`, stranger)).status).toBe(404);
    const admin = await signUpAdmin(store, 'boss@example.com', INTERNAL);
    expect((await get(`/api/orders/${placed.orderId}`, admin)).status).toBe(200);
    expect((await get(`/api/checks/${placed.orderId}/report.pdf`, admin)).status).toBe(200);

    const link = await postJson(store, `/api/orders/${placed.orderId}/shares?token=${placed.token}`, {});
    const { token, id } = (await link.json()) as { token: string; id: string };
    const shared = (await (await store.app.request(`/api/shares/${token}`)).json()) as SharedOrder;
    expect(shared.kind === 'check' && shared.check.result?.sim_lock).toBe(true);
    expect(JSON.stringify(shared)).not.toContain(identifier);
    expect(JSON.stringify(shared)).toContain(`${identifier.slice(0, 8)}***${identifier.slice(-4)}`);
    // The report's other device identifiers are masked too (issue 45 §3): the owner sees the second IMEI.
    const second = sandboxSecondImei(identifier);
    const own = (await (await get(`/api/orders/${placed.orderId}?token=${placed.token}`)).json()) as OrderAnswer;
    expect(own.kind === 'check' && own.check.result?.imei2).toBe(second);
    expect(JSON.stringify(shared)).not.toContain(second);
    expect(shared.kind === 'check' && shared.check.result?.imei2).toBe(maskImei(second));
    await store.app.request(`/api/orders/${placed.orderId}/shares/${id}?token=${placed.token}`, { method: 'DELETE' });
    expect((await store.app.request(`/api/shares/${token}`)).status).toBe(404);

    const pdf = await get(`/api/checks/${placed.orderId}/report.pdf?token=${placed.token}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Full Apple report');
    expect(text).toContain(identifier);
    expect(text).toContain('SIM lock: Locked (Note)');
    expect(text).toContain('Carrier: AT&T');
  });
});

/** The text of a PDF, read back with pdf.js. */
async function pdfText(data: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let page = 1; page <= doc.numPages; page++) {
    const content = await (await doc.getPage(page)).getTextContent();
    lines.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return lines.join('\n');
}
