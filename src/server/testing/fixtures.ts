import { randomUUID } from 'node:crypto';
import type { Store } from '../bootstrap.ts';
import * as t from '../db/schema.ts';
import { createCoupon, type NewCoupon } from '../modules/coupons/service.ts';
import { placeEsimOrder, type PlacedOrder } from './orders.ts';
import { cookieOf, getJson, postJson, TEST_PUBLIC_URL } from './test-store.ts';

// The request helpers live with the test store (orders.ts uses them too); kept importable from here.
export { getJson, postJson } from './test-store.ts';

export const TEST_PASSWORD = 'fixtures2026';

/** Signs a new customer up; answers their session cookie. */
export async function signUp(store: Store, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await postJson(store, '/api/auth/sign-up/email', { email, password, name: email.split('@')[0] });
  if (res.status !== 200) throw new Error(`sign-up of ${email} answered ${res.status}: ${await res.text()}`);
  return cookieOf(res);
}

/** Grants an account the admin role through the internal API (the store needs an internalToken). */
export async function makeAdmin(store: Store, email: string, internalToken: string): Promise<void> {
  const res = await postJson(store, '/api/internal/admin-grant', { email }, { 'x-internal-token': internalToken });
  if (!res.ok) throw new Error(`admin grant of ${email} answered ${res.status}: ${await res.text()}`);
}

/** Signs a new account up and makes it an admin; answers its session cookie. */
export async function signUpAdmin(store: Store, email: string, internalToken: string): Promise<string> {
  const cookie = await signUp(store, email);
  await makeAdmin(store, email, internalToken);
  return cookie;
}

// ── Row factories: one row each, with defaults a test overrides only where it matters ──────

const unique = () => randomUUID().slice(0, 8).toUpperCase();

/** A coupon (10% off, no limit unless given); answers its code. */
export async function aCoupon(store: Store, coupon: Partial<NewCoupon> = {}): Promise<string> {
  const code = coupon.code ?? `TEST-${unique()}`;
  await createCoupon(store.deps.database.db, { percentOff: 10, ...coupon, code });
  return code;
}

export type TestEsimPackage = typeof t.esimPackages.$inferInsert;

/** An active sandbox eSIM package (1 GB, 7 days, France, $4.50 unless given), visible to the store at once. */
export async function anEsimPackage(store: Store, row: Partial<TestEsimPackage> = {}): Promise<TestEsimPackage> {
  const pkg: TestEsimPackage = {
    packageId: `test-${unique().toLowerCase()}`,
    packageName: 'Test France 1 GB',
    dataGb: 1,
    validityDays: 7,
    kind: 'local',
    countryCode: 'FR',
    region: 'Europe',
    countriesIso3: ['FRA'],
    priceCents: 450,
    netCostCents: 200,
    provider: 'sandbox',
    active: true,
    ...row,
  };
  // Test data only: the eSIM module owns this table, and its service reads it fresh after invalidate().
  await store.deps.database.db.insert(t.esimPackages).values(pkg);
  store.deps.esim.invalidate();
  return pkg;
}

/** An unpaid eSIM order for one unit of a package (a new one unless given), placed through the API. */
export async function anEsimOrder(
  store: Store,
  options: { packageId?: string; quantity?: number; email?: string; cookie?: string } = {},
): Promise<PlacedOrder> {
  const packageId = options.packageId ?? (await anEsimPackage(store)).packageId;
  return placeEsimOrder(
    store,
    {
      ...(options.email ? { email: options.email } : {}),
      items: [{ package_id: packageId, quantity: options.quantity ?? 1 }],
    },
    options.cookie ? { cookie: options.cookie } : {},
  );
}

/** A package of the seeded catalogue, as GET /api/esim/packages lists it. */
export interface CataloguePackage {
  readonly package_id: string;
  readonly price_cents: number;
}

/** A seeded package costing at least `minCents` (so a 10% coupon takes a whole number of cents off), else the first. */
export async function aCataloguePackage(store: Store, minCents = 500): Promise<CataloguePackage> {
  const { body: packages } = await getJson<CataloguePackage[]>(store, '/api/esim/packages');
  const chosen = packages.find((row) => row.price_cents >= minCents) ?? packages[0];
  if (!chosen) throw new Error('the seeded eSIM catalogue is empty');
  return chosen;
}

/** A screenshot file part: its name, its bytes and the type the browser declares. */
export interface FormFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly type?: string;
}

/**
 * POST /api/bug-reports as the dialog sends it (ADR 089): the report's texts as JSON in the
 * "report" part, each screenshot a file in "screenshots". `report` may be any text to send it raw.
 */
export function postBugReport(
  store: Store,
  report: unknown,
  screenshots: readonly FormFile[] = [],
  headers: Record<string, string> = {},
): Response | Promise<Response> {
  const form = new FormData();
  form.append('report', typeof report === 'string' ? report : JSON.stringify(report));
  for (const file of screenshots)
    form.append('screenshots', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name);
  return store.app.request('/api/bug-reports', {
    method: 'POST',
    headers: { origin: TEST_PUBLIC_URL, ...headers },
    body: form,
  });
}
