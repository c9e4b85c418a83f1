import { expect } from 'vitest';
import type { CheckOrderAnswer } from '../../domain/device-checks.ts';
import type { OrderAnswer, OrderAnswerOf } from '../../domain/order-answer.ts';
import type { OrderKind } from '../../domain/order.ts';
import type { Store } from '../bootstrap.ts';
import { SANDBOX_SIGNATURE_HEADER, signatureHeader } from '../integrations/payments/signature.ts';
import { findOrder, findOrderByPaymentSession } from '../modules/orders/service.ts';
import { postJson } from './test-store.ts';

export interface PlacedOrder {
  readonly url: string;
  readonly sessionId: string;
  readonly orderId: string;
  readonly token: string;
}

// Kept importable from here for the order suites; it lives in test-store.ts.
export { postJson };

/** Checks out a cart through the API and finds the order the sandbox session belongs to. */
export async function placeEsimOrder(
  store: Store,
  body: { email?: string; items: { package_id: string; quantity: number }[]; coupon_code?: string },
  headers: Record<string, string> = {},
): Promise<PlacedOrder> {
  const res = await postJson(
    store,
    '/api/esim/checkout',
    { email: 'traveller@example.com', device_type: 'ios', ...body },
    headers,
  );
  const answer = (await res.json()) as { url: string };
  expect(res.status, JSON.stringify(answer)).toBe(200);
  const sessionId = new URL(answer.url).pathname.split('/').at(-1) ?? '';
  const db = store.deps.database.db;
  const orderId = (await findOrderByPaymentSession(db, 'sandbox', sessionId)) ?? '';
  const order = await findOrder(db, orderId);
  if (!order) throw new Error(`no order for session ${sessionId}`);
  return { url: answer.url, sessionId, orderId, token: order.accessToken };
}

/** A webhook delivery signed exactly as the sandbox provider signs them. */
export function sandboxDelivery(
  store: Store,
  event: {
    id: string;
    type: 'completed' | 'expired';
    sessionId: string;
    orderId: string;
    amountCents: number;
    paymentRef?: string;
  },
  timestamp?: number,
): RequestInit {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    type: `checkout.session.${event.type}`,
    data: {
      object: {
        id: event.sessionId,
        amount_total: event.amountCents,
        metadata: { order_id: event.orderId },
        payment_intent: event.paymentRef ?? null,
      },
    },
  });
  const secret = store.deps.config.SANDBOX_PAYMENT_SECRET ?? '';
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signatureHeader(secret, body, timestamp),
    },
    body,
  };
}

export async function getOrder(store: Store, orderId: string, token: string) {
  const res = await store.app.request(`/api/orders/${orderId}?token=${encodeURIComponent(token)}`);
  return { status: res.status, body: (await res.json()) as OrderAnswer };
}

/**
 * Polls the receipt until the order has reached `status` (jobs run in the background): it is its
 * status now or one its timeline has passed through. A status that lasts one backoff (an unlock is
 * "submitted" until its first poll) can be over between two looks on a loaded machine; a test that
 * needs the order to still be in it checks `status` of the answer.
 */
export async function waitForStatus(store: Store, order: PlacedOrder, status: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await getOrder(store, order.orderId, order.token);
    if (body.status === status) return body;
    // Passed through already. The answer reads the order's row before its events, so a row read
    // just before the move that wrote the event is stale (a refund's event with no refund on the
    // row, which a fresh run on PostgreSQL caught): the answer read after it has the row too.
    if (body.events.some((event) => event.status === status))
      return (await getOrder(store, order.orderId, order.token)).body;
    if (Date.now() > deadline)
      throw new Error(`order stayed ${body.status}, never ${status}: ${JSON.stringify(body.events)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The answer of an order of `kind`, checked: its kind's part is then typed (the answer is a union by kind). */
export function asKind<K extends OrderKind>(answer: OrderAnswer, kind: K): OrderAnswerOf<K> {
  expect(answer.kind).toBe(kind);
  return answer as OrderAnswerOf<K>;
}

/** Buys a check through the API and pays it in the sandbox. */
export async function buyCheck(
  store: Store,
  body: { product: string; identifier: string; email: string },
  headers: Record<string, string> = {},
): Promise<PlacedOrder> {
  const res = await postJson(store, '/api/checks', body, headers);
  const answer = (await res.json()) as CheckOrderAnswer;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  if (answer.outcome !== 'checkout') throw new Error(`expected a checkout, got ${JSON.stringify(answer)}`);
  const sessionId = new URL(answer.url).pathname.split('/').at(-1) ?? '';
  expect((await postJson(store, `/api/sandbox-payments/${sessionId}/pay`, {})).status).toBeLessThan(400);
  const order = await findOrder(store.deps.database.db, answer.order_id);
  return { url: answer.url, sessionId, orderId: answer.order_id, token: order?.accessToken ?? '' };
}

/** A refusal before payment of a product the device does not fit (ADR 104), as the API answers it. */
export async function expectMisfitRefusal(res: Response, message: string): Promise<void> {
  expect(res.status).toBe(409);
  expect(await res.json()).toMatchObject({
    error: {
      code: 'DEVICE_NOT_ELIGIBLE',
      message,
      fieldErrors: { identifier: [message] },
      details: { reason: 'misfit' },
    },
  });
}
