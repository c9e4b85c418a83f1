import { expect } from 'vitest';
import { isLuhnValid } from '../../domain/imei.ts';
import type { QuoteAnswer } from '../../domain/quote.ts';
import type { Store } from '../bootstrap.ts';
import { findOrder } from '../modules/orders/service.ts';
import { postJson } from './fixtures.ts';

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

export async function aQuote(
  store: Store,
  imei: string,
  device: { brand: string; model: string; network: string; country: string } = IPHONE_15_ATT,
): Promise<QuoteAnswer> {
  const res = await postJson(store, '/api/quotes', { imei, ...device });
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
