import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../../domain/coupon.ts';
import type { QuoteAnswer } from '../../../domain/quote.ts';
import { QUOTE_CHANGED_MESSAGE, UNLOCK_IN_PROGRESS_MESSAGE } from '../../../domain/unlock-order.ts';
import type { Store } from '../../bootstrap.ts';
import * as t from '../../db/schema.ts';
import { postJson } from '../../testing/fixtures.ts';
import { asKind, getOrder } from '../../testing/orders.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { aQuote, luhnImei, placeUnlockOrder, unlockForm } from '../../testing/unlocks.ts';
import { createCoupon } from '../coupons/service.ts';

interface ErrorAnswer {
  error: { code: string; message: string; fieldErrors?: Record<string, string[]>; details?: Record<string, unknown> };
}

describe.each(testDbKinds())('POST /api/orders/unlock on %s', (kind) => {
  let store: Store;
  let serial = 0;
  const nextImei = () => luhnImei('35693803', ++serial);
  const order = (body: Record<string, unknown>) => postJson(store, '/api/orders/unlock', body);
  const sessionAmount = async (url: string) => {
    const id = new URL(url).pathname.split('/').at(-1);
    return ((await (await store.app.request(`/api/sandbox-payments/${id}`)).json()) as { amount_cents: number })
      .amount_cents;
  };

  beforeAll(async () => {
    store = await createTestStore(kind, { jobs: { workers: false } });
    await createCoupon(store.deps.database.db, { code: 'UNLOCK10', percentOff: 10 });
  });
  afterAll(() => store.close());

  it("charges the stored quote's price and answers the payment page and the order, whose page shows the device", async () => {
    const imei = nextImei();
    const quote = await aQuote(store, imei);
    expect(quote.average_hours).toBeGreaterThan(0);
    expect(quote.guaranteed_hours).toBeGreaterThanOrEqual(quote.average_hours ?? 0);
    const res = await order(unlockForm(quote, imei, { price_cents: 1 }));
    const answer = (await res.json()) as { url: string; order_id: string };
    expect(res.status).toBe(200);
    expect(await sessionAmount(answer.url)).toBe(quote.price_cents);

    const placed = await placeUnlockOrder(store, nextImei());
    const { status, body } = await getOrder(store, placed.orderId, placed.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ kind: 'unlock', status: 'pending_payment', total_cents: quote.price_cents });
    expect(asKind(body, 'unlock').unlock).toMatchObject({
      device: 'Apple iPhone 15',
      carrier: 'AT&T',
      country: 'United States',
      average_hours: quote.average_hours,
      guaranteed_hours: quote.guaranteed_hours,
      guaranteed_by: null,
      result: null,
    });
    expect(asKind(body, 'unlock').unlock.imei_masked).not.toContain(placed.orderId.slice(0, 4));
    // The tool plan and its costs stay in the unlocks module.
    expect(JSON.stringify(body)).not.toMatch(/SBX-|cost/i);
  });

  it('answers an expired quote with 409 QUOTE_CHANGED and a fresh stored quote the customer can order with', async () => {
    const imei = nextImei();
    const quote = await aQuote(store, imei);
    await store.deps.database.db
      .update(t.quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.quotes.id, quote.quote_id ?? ''));
    const res = await order(unlockForm(quote, imei));
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorAnswer;
    expect(body.error.code).toBe('QUOTE_CHANGED');
    expect(body.error.message).toBe(QUOTE_CHANGED_MESSAGE);
    const fresh = body.error.details?.quote as QuoteAnswer;
    expect(fresh).toMatchObject({ supported: true, price_cents: quote.price_cents });
    expect(fresh.quote_id).not.toBe(quote.quote_id);
    expect((await order(unlockForm(fresh, imei))).status).toBe(200);
  });

  it('answers a quote whose price changed, or that priced another device, with 409 and the new quote', async () => {
    const imei = nextImei();
    const quote = await aQuote(store, imei);
    await store.deps.database.db
      .update(t.quotes)
      .set({ priceCents: 100 })
      .where(eq(t.quotes.id, quote.quote_id ?? ''));
    const cheaper = (await (await order(unlockForm(quote, imei))).json()) as ErrorAnswer;
    expect(cheaper.error.code).toBe('QUOTE_CHANGED');

    const other = await aQuote(store, imei);
    const res = await order(unlockForm(other, imei, { carrier: 'T-Mobile' }));
    expect(res.status).toBe(409);
    const fresh = ((await res.json()) as ErrorAnswer).error.details?.quote as QuoteAnswer;
    expect(fresh.device_info.network).toBe('T-Mobile');

    const unknown = await order(unlockForm(quote, imei, { quote_id: 'no-such-quote' }));
    expect(unknown.status).toBe(409);
  });

  it('answers a device no tool unlocks with 409 and the unsupported quote', async () => {
    const imei = nextImei();
    const quote = await aQuote(store, imei);
    const res = await order(unlockForm(quote, imei, { brand: 'Sony', model: '', carrier: 'Telcel', country: 'MX' }));
    expect(res.status).toBe(409);
    const fresh = ((await res.json()) as ErrorAnswer).error.details?.quote as QuoteAnswer;
    expect(fresh.supported).toBe(false);
  });

  it('refuses a second unlock of an IMEI whose unlock is paid and in progress, with a link to it', async () => {
    const imei = nextImei();
    const first = await placeUnlockOrder(store, imei);
    // Unpaid, it does not block a new checkout.
    await placeUnlockOrder(store, imei);
    // The payment recorded as the webhook records it (no workers here: it stays with its supplier).
    await store.deps.payments.applyEvent({
      id: `evt_paid_${first.orderId}`,
      type: 'completed',
      providerType: 'checkout.session.completed',
      sessionId: null,
      orderId: first.orderId,
    });
    const quote = await aQuote(store, imei);
    const res = await order(unlockForm(quote, imei));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: 'UNLOCK_IN_PROGRESS',
        message: UNLOCK_IN_PROGRESS_MESSAGE,
        details: { order_url: `/order/${first.orderId}` },
      },
    });
  });

  it('applies a coupon as the eSIM checkout does', async () => {
    const imei = nextImei();
    const quote = await aQuote(store, imei);
    const res = await order(unlockForm(quote, imei, { coupon_code: ' unlock10 ' }));
    const answer = (await res.json()) as { url: string };
    expect(res.status).toBe(200);
    expect(await sessionAmount(answer.url)).toBe(quote.price_cents - Math.round(quote.price_cents * 0.1));
    const bad = await order(unlockForm(quote, imei, { coupon_code: 'NOPE' }));
    expect(bad.status).toBe(404);
  });

  it('refuses a coupon that would take the unlock below its cost plus the minimum margin, in the coupon box and at checkout, placing nothing', async () => {
    await createCoupon(store.deps.database.db, { code: 'UNLOCKFREE', amountOffCents: 100_000 });
    await createCoupon(store.deps.database.db, { code: 'UNLOCK40', percentOff: 40 });
    const imei = nextImei();
    // $49.99, fulfilled by the $29.00 service only: at 15% the sale may not go below $34.12.
    const quote = await aQuote(store, imei);
    const validate = (code: string) =>
      postJson(store, '/api/coupons/validate', { code, kind: 'unlock', quote_id: quote.quote_id });
    expect((await validate('UNLOCK10')).status).toBe(200);
    for (const code of ['UNLOCKFREE', 'UNLOCK40']) {
      const boxed = await validate(code);
      expect(boxed.status).toBe(400);
      expect(await boxed.json()).toMatchObject({
        error: { code: 'COUPON_BELOW_COST', message: COUPON_MESSAGES.belowFloor },
      });
      const email = `${code.toLowerCase()}-${kind}@example.com`;
      const res = await order(unlockForm(quote, imei, { coupon_code: code, email }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorAnswer).error.code).toBe('COUPON_BELOW_COST');
      const placed = await store.deps.database.db.select().from(t.orders).where(eq(t.orders.email, email));
      expect(placed).toEqual([]);
    }
  });

  it('refuses an invalid form with field errors', async () => {
    const imei = nextImei();
    const quote = await aQuote(store, imei);
    const res = await order(unlockForm(quote, '356938035643808', { agree_to_refund_policy: false }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorAnswer;
    expect(Object.keys(body.error.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['imei', 'agree_to_refund_policy']),
    );
  });
});
