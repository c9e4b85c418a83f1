import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '../../../domain/coupon.ts';
import type { Store } from '../../bootstrap.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { postJson, signUp, signUpAdmin } from '../../testing/fixtures.ts';
import { createTestStore } from '../../testing/test-store.ts';

const INTERNAL_TOKEN = 'internal-token-for-coupon-tests';

describe.each(testDbKinds())('admin coupons on %s', (kind) => {
  let store: Store;
  let adminCookie: string;
  let customerCookie: string;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(store, path, body, headers);

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN });
    adminCookie = await signUpAdmin(store, `admin-${kind}@example.com`, INTERNAL_TOKEN);
    customerCookie = await signUp(store, `customer-${kind}@example.com`);
  });
  afterAll(() => store.close());

  it('lets an admin create a percent coupon that shoppers can then apply', async () => {
    const created = await post('/api/admin/coupons', { code: ' travel15 ', percent_off: 15 }, { cookie: adminCookie });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ code: 'TRAVEL15', percent_off: 15, amount_off_cents: null });

    const check = await post('/api/coupons/validate', { code: 'travel15' });
    expect(await check.json()).toEqual({ code: 'TRAVEL15', percent_off: 15, amount_off_cents: null });
  });

  it('creates a fixed coupon with a usage limit and an expiry', async () => {
    const res = await post(
      '/api/admin/coupons',
      { code: 'FIVEOFF', amount_off_cents: 500, max_usage: 3, expires_at: '2099-01-01T00:00:00Z' },
      { cookie: adminCookie },
    );
    expect(res.status).toBe(201);
    expect((await post('/api/coupons/validate', { code: 'fiveoff' })).status).toBe(200);
  });

  it('refuses an expired coupon at checkout time with the spec message', async () => {
    await post(
      '/api/admin/coupons',
      { code: 'OLD', percent_off: 10, expires_at: '2020-01-01T00:00:00Z' },
      { cookie: adminCookie },
    );
    const res = await post('/api/coupons/validate', { code: 'old' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(COUPON_MESSAGES.expired);
  });

  it.each([
    ['both kinds of discount', { code: 'BOTH', percent_off: 10, amount_off_cents: 100 }],
    ['no discount', { code: 'NONE' }],
    ['a percent over 100', { code: 'MORE', percent_off: 120 }],
    ['a code with spaces inside', { code: 'TWO WORDS', percent_off: 5 }],
  ])('answers 400 for %s', async (_, body) => {
    const res = await post('/api/admin/coupons', body, { cookie: adminCookie });
    expect(res.status).toBe(400);
  });

  it('answers 409 for a code that exists', async () => {
    await post('/api/admin/coupons', { code: 'TWICE', percent_off: 5 }, { cookie: adminCookie });
    const again = await post('/api/admin/coupons', { code: 'twice', percent_off: 50 }, { cookie: adminCookie });
    expect(again.status).toBe(409);
  });

  it.each([
    ['signed out', undefined, 401],
    ['a customer', 'customer', 403],
  ] as const)('refuses %s', async (_, who, status) => {
    const headers: Record<string, string> = who ? { cookie: customerCookie } : {};
    const res = await post('/api/admin/coupons', { code: 'NOPE', percent_off: 99 }, headers);
    expect(res.status).toBe(status);
    expect((await post('/api/coupons/validate', { code: 'NOPE' })).status).toBe(404);
  });
});
