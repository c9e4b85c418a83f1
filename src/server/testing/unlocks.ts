import { expect } from 'vitest';
import { isLuhnValid } from '../../domain/imei.ts';
import type { QuoteAnswer } from '../../domain/quote.ts';
import type { Store } from '../bootstrap.ts';
import { findOrder } from '../modules/orders/service.ts';
import { unlockPlan } from '../modules/unlocks/service.ts';
import { postJson } from './fixtures.ts';
import { waitForStatus } from './orders.ts';
import { type StubBehaviour, stubSupplier } from './stub-supplier.ts';
import type { TestDbKind } from './test-db.ts';
import { createTestStore } from './test-store.ts';

/** A Luhn-valid 15-digit IMEI beginning with `prefix` (14 digits at most), numbered by `serial`. */
export function luhnImei(prefix: string, serial = 0): string {
  const body = prefix + String(serial).padStart(14 - prefix.length, '0');
  if (body.length !== 14) throw new Error(`serial ${serial} does not fit after ${prefix}`);
  for (let check = 0; check < 10; check++) {
    if (isLuhnValid(body + check)) return body + check;
  }
  throw new Error('unreachable');
}

export const IPHONE_15_ATT = { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' } as const;
/**
 * A device whose quote has a tool to fall back on within the minimum margin (ADR 103): an iPhone 15
 * on EE, priced by the rule on EE's express service ($29.00) with the standard one ($19.00) behind it.
 * AT&T's iPhone 15 SKU ($49.99) keeps the margin on its own service only.
 */
export const IPHONE_15_EE = { brand: 'Apple', model: 'iPhone 15', network: 'EE', country: 'GB' } as const;

export async function aQuote(
  store: Store,
  imei: string,
  device: { brand: string; model: string; network: string; country: string } = IPHONE_15_ATT,
  /** An admin's session cookie: the answer then carries the routing (tools, costs, reasoning). */
  cookie?: string,
): Promise<QuoteAnswer> {
  const res = await postJson(store, '/api/quotes', { imei, ...device }, cookie ? { cookie } : {});
  const body = (await res.json()) as QuoteAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** The unlock form for a quote, as the checkout modal posts it. */
export function unlockForm(quote: QuoteAnswer, imei: string, extra: Record<string, unknown> = {}) {
  return {
    quote_id: quote.quote_id,
    imei,
    brand: quote.device_info.brand,
    model: quote.device_info.model,
    carrier: quote.device_info.network,
    country: quote.device_info.country,
    email: 'owner@example.com',
    agree_to_terms: true,
    agree_to_refund_policy: true,
    ...extra,
  };
}

export interface PlacedUnlock {
  readonly orderId: string;
  readonly token: string;
  readonly url: string;
}

/** Quotes and checks out an unlock through the API. */
export async function placeUnlockOrder(
  store: Store,
  imei: string,
  extra: Record<string, unknown> = {},
  device?: { brand: string; model: string; network: string; country: string },
): Promise<PlacedUnlock> {
  const quote = await aQuote(store, imei, device);
  const res = await postJson(store, '/api/orders/unlock', unlockForm(quote, imei, extra));
  const answer = (await res.json()) as { url: string; order_id: string };
  expect(res.status, JSON.stringify(answer)).toBe(200);
  const order = await findOrder(store.deps.database.db, answer.order_id);
  if (!order) throw new Error('no order');
  return { orderId: order.id, token: order.accessToken, url: answer.url };
}

/**
 * A store whose unlocks go to an in-memory stub supplier that behaves per IMEI, with the steps the
 * unlock suites share: place an unlock (its behaviour may depend on its plan's tools), pay it on
 * the sandbox page, wait for a status, read its emails. `open` starts the store (in beforeAll).
 */
export function unlockHarness(kind: TestDbKind, imeiPrefix: string) {
  let serial = 0;
  let store: Store | undefined;
  const behaviours = new Map<string, StubBehaviour>();
  const stub = stubSupplier((imei) => behaviours.get(imei) ?? {});
  const opened = () => {
    if (!store) throw new Error('the unlock harness was not opened');
    return store;
  };
  const sessionOf = (order: PlacedUnlock) => new URL(order.url).pathname.split('/').at(-1) ?? '';
  return {
    stub,
    behaviours,
    get store() {
      return opened();
    },
    async open(options: Omit<Parameters<typeof createTestStore>[1] & object, 'providers'> = {}) {
      store = await createTestStore(kind, { ...options, providers: { unlockSupplier: stub.supplier } });
    },
    close: () => store?.close(),
    db: () => opened().deps.database.db,
    sessionOf,
    pay: (order: PlacedUnlock) => postJson(opened(), `/api/sandbox-payments/${sessionOf(order)}/pay`, {}),
    waitFor: (order: PlacedUnlock, status: string) =>
      waitForStatus(opened(), { ...order, sessionId: sessionOf(order) }, status, 20_000),
    /** Places an unlock; `behaviour` may depend on the plan's tools (their service ids, primary first). */
    async anUnlock(
      behaviour: (services: string[]) => StubBehaviour = () => ({}),
      imei = luhnImei(imeiPrefix, ++serial),
    ) {
      const email = `unlock-${kind}-${imeiPrefix}-${serial}@example.com`;
      const order = await placeUnlockOrder(opened(), imei, { email }, IPHONE_15_EE);
      const plan = await unlockPlan(opened().deps.database.db, order.orderId);
      const services = (plan?.toolIds ?? []).map((toolId) => toolId.replace('SBX-', ''));
      behaviours.set(imei, behaviour(services));
      return { ...order, imei, services, email };
    },
    /** The mails sent to `email` whose subject matches. */
    mails: async (email: string, subject = /./) =>
      (await opened().deps.mailer.outbox({ to: email })).filter((mail) => subject.test(mail.subject)),
  };
}
