import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../domain/api-error.ts';
import { COUPON_MESSAGES } from '../../../domain/coupon.ts';
import type { EsimPackageRow, PublicEsimPackage } from '../../../domain/esim-catalog.ts';
import { couponFailureMessage } from '../../../domain/esim-checkout.ts';
import type { Store } from '../../bootstrap.ts';
import { getOrder, placeEsimOrder, postJson } from '../../testing/orders.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { signUpAdmin } from '../../testing/fixtures.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { couponUsage, createCoupon } from '../coupons/service.ts';

const INTERNAL_TOKEN = 'internal-token-for-esim-tests';
const DAY = 24 * 60 * 60 * 1000;

interface ErrorAnswer {
  error: { code: string; message: string; fieldErrors?: Record<string, string[]> };
}

describe.each(testDbKinds())('eSIM catalogue, coupons and checkout on %s', (kind) => {
  let store: Store;
  let france: PublicEsimPackage[];
  let adminCookie: string;

  const packages = async (query = '', headers: Record<string, string> = {}) => {
    const res = await store.app.request(`/api/esim/packages${query}`, { headers });
    return { res, body: (await res.json()) as EsimPackageRow[] };
  };
  const checkout = (body: Record<string, unknown>) =>
    postJson(store, '/api/esim/checkout', { email: 'traveller@example.com', device_type: 'ios', ...body });
  const validate = (code: string) => postJson(store, '/api/coupons/validate', { code });
  const sessionOf = async (url: string) => {
    const id = new URL(url).pathname.split('/').at(-1);
    return (await (await store.app.request(`/api/sandbox-payments/${id}`)).json()) as { amount_cents: number };
  };

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN, jobs: { workers: false } });
    france = (await packages('?country=FR')).body.filter((row) => row.kind === 'local');
    const db = store.deps.database.db;
    await createCoupon(db, { code: 'TRAVEL10', percentOff: 10 });
    await createCoupon(db, { code: 'FIVEOFF', amountOffCents: 500 });
    await createCoupon(db, { code: 'ALLOFF', amountOffCents: 100_000 });
    await createCoupon(db, { code: 'SUMMER', percentOff: 20, expiresAt: new Date(Date.now() - DAY) });
    await createCoupon(db, { code: 'USEDUP', percentOff: 20, maxUsage: 2, usageCount: 2 });
    await createCoupon(db, { code: 'RETIRED', percentOff: 20, active: false });
    adminCookie = await signUpAdmin(store, `admin-${kind}@example.com`, INTERNAL_TOKEN);
  });
  afterAll(() => store.close());

  describe('GET /api/esim/packages', () => {
    it('lists a country’s local packages and the regional and global ones that cover it, by ISO2, ISO3 or name', async () => {
      const byIso2 = await packages('?country=FR');
      expect(byIso2.res.status).toBe(200);
      const kinds = byIso2.body.map((row) => row.kind);
      expect(kinds).toContain('local');
      expect(kinds).toContain('regional');
      expect(kinds).toContain('global');
      expect(kinds).toEqual(
        [...kinds].sort(
          (a, b) => ['local', 'regional', 'global'].indexOf(a) - ['local', 'regional', 'global'].indexOf(b),
        ),
      );
      expect(byIso2.body.every((row) => row.country_code === 'FR' || row.countries_iso3.includes('FRA'))).toBe(true);
      expect((await packages('?country=FRA')).body).toEqual(byIso2.body);
      expect((await packages('?country=france')).body).toEqual(byIso2.body);
      expect((await packages('?country=ZZ')).body).toEqual([]);
    });

    it('lists a region’s packages', async () => {
      const { body } = await packages('?region=Europe');
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((row) => row.region === 'Europe')).toBe(true);
    });

    it('without filters, answers every destination once, with its cheapest package', async () => {
      const { body } = await packages();
      const destinations = body.map((row) => (row.kind === 'local' ? row.country_code : `${row.kind}:${row.region}`));
      expect(new Set(destinations).size).toBe(body.length);
      const cheapestFrance = Math.min(...france.map((row) => row.price_cents));
      expect(body.find((row) => row.country_code === 'FR')?.price_cents).toBe(cheapestFrance);
    });

    it('keeps our cost from visitors, shows it to admins, and revalidates by ETag', async () => {
      const visitor = await packages('?country=JP');
      expect(visitor.body.some((row) => 'net_cost_cents' in row)).toBe(false);
      expect(visitor.res.headers.get('cache-control')).toContain('public');
      const etag = visitor.res.headers.get('etag') ?? '';
      expect(
        (await store.app.request('/api/esim/packages?country=JP', { headers: { 'if-none-match': etag } })).status,
      ).toBe(304);

      const admin = await packages('?country=JP', { cookie: adminCookie });
      expect(admin.body.every((row) => row.net_cost_cents > 0 && row.net_cost_cents < row.price_cents)).toBe(true);
      expect(admin.res.headers.get('cache-control')).toBe('private, no-store');
    });
  });

  describe('POST /api/coupons/validate', () => {
    it('answers a coupon’s effect, the code trimmed and upper-cased', async () => {
      const res = await validate('  travel10 ');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ code: 'TRAVEL10', percent_off: 10, amount_off_cents: null });
      expect(await (await validate('fiveoff')).json()).toEqual({
        code: 'FIVEOFF',
        percent_off: null,
        amount_off_cents: 500,
      });
    });

    it.each([
      ['NOPE', 404, 'COUPON_INVALID', 'Invalid coupon code'],
      ['RETIRED', 404, 'COUPON_INVALID', 'Invalid coupon code'],
      ['summer', 400, 'COUPON_EXPIRED', 'This coupon has expired'],
      ['USEDUP', 400, 'COUPON_USAGE_LIMIT', 'This coupon has reached its usage limit'],
    ])('refuses %s with %i and the spec message', async (code, status, errorCode, message) => {
      const res = await validate(code);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error: { code: errorCode, message } });
    });

    it('answers a masked error when the lookup itself fails, which the coupon box shows as the spec’s failure', async () => {
      const { sql } = store.deps.database;
      const countOrders = async () =>
        ((await sql.executeSql('SELECT count(*)::int AS n FROM orders')).rows as { n: number }[])[0]?.n;
      const ordersBefore = await countOrders();
      await sql.executeSql('ALTER TABLE coupons RENAME TO coupons_offline');
      try {
        const res = await validate('TRAVEL10');
        expect(res.status).toBe(500);
        const body = (await res.json()) as ErrorAnswer;
        expect(body).toEqual({ error: { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL } });
        expect(couponFailureMessage(body.error.message)).toBe(COUPON_MESSAGES.failed);

        const refused = await checkout({
          items: [{ package_id: france[0]?.package_id, quantity: 1 }],
          coupon_code: 'TRAVEL10',
        });
        expect(refused.status).toBe(500);
        expect(await countOrders()).toBe(ordersBefore);
      } finally {
        await sql.executeSql('ALTER TABLE coupons_offline RENAME TO coupons');
      }
      expect((await validate('TRAVEL10')).status).toBe(200);
    });
  });

  describe('POST /api/esim/checkout', () => {
    it('charges the catalogue price: a tampered client price is ignored', async () => {
      const [first, second] = france;
      if (!first || !second) throw new Error('the seed sells at least two packages in France');
      const res = await checkout({
        items: [
          { package_id: first.package_id, quantity: 2, price: 0.01, price_cents: 1 },
          { package_id: second.package_id, quantity: 1, price: 0.01 },
        ],
        subtotal_cents: 1,
        total_cents: 1,
      });
      expect(res.status).toBe(200);
      const { url } = (await res.json()) as { url: string };
      const expected = first.price_cents * 2 + second.price_cents;
      expect((await sessionOf(url)).amount_cents).toBe(expected);
    });

    it('merges repeated lines of one package and keeps what was sold on the order', async () => {
      const pkg = france[0] as PublicEsimPackage;
      const order = await placeEsimOrder(store, {
        items: [
          { package_id: pkg.package_id, quantity: 1 },
          { package_id: pkg.package_id, quantity: 2 },
        ],
      });
      const { body } = await getOrder(store, order.orderId, order.token);
      expect(body).toMatchObject({ status: 'pending_payment', subtotal_cents: pkg.price_cents * 3, discount_cents: 0 });
      expect(body.items).toEqual([
        expect.objectContaining({
          product_ref: pkg.package_id,
          name: pkg.package_name,
          quantity: 3,
          unit_price_cents: pkg.price_cents,
          line_total_cents: pkg.price_cents * 3,
          details: expect.objectContaining({ validity_days: pkg.validity_days, country_code: 'FR' }),
        }),
      ]);
    });

    it.each([
      [{ items: [] }, 'Your cart is empty'],
      [{ email: 'traveller@gmail', items: [{ package_id: 'x', quantity: 1 }] }, 'Please enter a valid email address'],
      [
        { items: [{ package_id: 'no-such-package', quantity: 1 }] },
        'A package in your cart is no longer available. Please remove it and try again.',
      ],
    ])('refuses %j: %s', async (body, message) => {
      const res = await checkout(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorAnswer).error.message).toBe(message);
    });

    it.each([
      ['NOPE', 404, 'Invalid coupon code'],
      ['SUMMER', 400, 'This coupon has expired'],
      ['USEDUP', 400, 'This coupon has reached its usage limit'],
    ])('re-checks the coupon %s and refuses the checkout', async (code, status, message) => {
      const res = await checkout({ items: [{ package_id: france[0]?.package_id, quantity: 1 }], coupon_code: code });
      expect(res.status).toBe(status);
      expect(((await res.json()) as ErrorAnswer).error.message).toBe(message);
    });

    it('takes a percent coupon off the subtotal, rounded half up to the cent', async () => {
      const pkg = france.find((row) => row.price_cents % 1000 !== 0) ?? (france[0] as PublicEsimPackage);
      const order = await placeEsimOrder(store, {
        items: [{ package_id: pkg.package_id, quantity: 3 }],
        coupon_code: 'travel10',
      });
      const subtotal = pkg.price_cents * 3;
      const discount = Math.floor(subtotal / 10 + 0.5);
      const { body } = await getOrder(store, order.orderId, order.token);
      expect(body).toMatchObject({
        subtotal_cents: subtotal,
        discount_cents: discount,
        total_cents: subtotal - discount,
        coupon_code: 'TRAVEL10',
      });
      expect((await sessionOf(order.url)).amount_cents).toBe(subtotal - discount);
    });

    it('takes a fixed coupon off the subtotal', async () => {
      const pkg = france.find((row) => row.price_cents > 500) as PublicEsimPackage;
      const order = await placeEsimOrder(store, {
        items: [{ package_id: pkg.package_id, quantity: 1 }],
        coupon_code: 'FIVEOFF',
      });
      const { body } = await getOrder(store, order.orderId, order.token);
      expect(body).toMatchObject({
        subtotal_cents: pkg.price_cents,
        discount_cents: 500,
        total_cents: pkg.price_cents - 500,
      });
      expect((await sessionOf(order.url)).amount_cents).toBe(pkg.price_cents - 500);
      expect(await couponUsage(store.deps.database.db, 'FIVEOFF')).toEqual({ usageCount: 0, redemptions: 0 });
    });

    it('completes an order the coupon makes free without a payment page, redeeming the coupon', async () => {
      const pkg = france[0] as PublicEsimPackage;
      const res = await checkout({ items: [{ package_id: pkg.package_id, quantity: 1 }], coupon_code: 'ALLOFF' });
      const { url } = (await res.json()) as { url: string };
      const receipt = new URL(url);
      expect(receipt.pathname).toBe('/esim/receipt');
      const { body } = await getOrder(
        store,
        receipt.searchParams.get('order') ?? '',
        receipt.searchParams.get('token') ?? '',
      );
      expect(body).toMatchObject({
        status: 'paid',
        subtotal_cents: pkg.price_cents,
        discount_cents: pkg.price_cents,
        total_cents: 0,
      });
      expect(await couponUsage(store.deps.database.db, 'ALLOFF')).toEqual({ usageCount: 1, redemptions: 1 });
    });
  });
});
