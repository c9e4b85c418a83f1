import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import {
  nextAttemptDelayMs,
  type SandboxEvent,
  type SandboxSession,
  type SandboxSessionStore,
  sandboxPaymentProvider,
} from './sandbox.ts';
import { SANDBOX_SIGNATURE_HEADER, signatureHeader, verifySignature } from './signature.ts';
import { WebhookSignatureError } from './types.ts';
import { maskEmail } from '../../../domain/email.ts';

const SECRET = 'sandbox-secret-for-unit-tests-0123456789';
const ORDER_ID = '3d9c2f4a-1b6e-4f80-a2c7-5e9d1b3a7c60';

type StoredEvent = SandboxEvent & { nextAttemptAt: Date; lastError: string | null };

function memoryStore(): SandboxSessionStore & {
  sessions: Map<string, SandboxSession>;
  events: Map<string, StoredEvent>;
} {
  const sessions = new Map<string, SandboxSession>();
  const events = new Map<string, StoredEvent>();
  const refunds = new Map<string, { cents: number; key: string | null }>();
  return {
    sessions,
    events,
    async insert(session) {
      sessions.set(session.id, session);
    },
    async find(id) {
      return sessions.get(id) ?? null;
    },
    async close(id, status, paymentRef, event) {
      const session = sessions.get(id);
      if (session?.status !== 'open') return false;
      sessions.set(id, { ...session, status, paymentRef });
      events.set(event.id, {
        ...event,
        sessionId: id,
        attempts: 0,
        deliveredAt: null,
        nextAttemptAt: new Date(),
        lastError: null,
      });
      return true;
    },
    async findEvent(id) {
      return events.get(id) ?? null;
    },
    async findEventOfSession(sessionId) {
      return [...events.values()].find((event) => event.sessionId === sessionId) ?? null;
    },
    async recordAttempt(id, outcome) {
      const event = events.get(id);
      if (!event) return;
      events.set(id, {
        ...event,
        attempts: event.attempts + 1,
        ...(outcome.delivered
          ? { deliveredAt: event.deliveredAt ?? new Date(), lastError: null }
          : { lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt }),
      });
    },
    async claimDueEvents(now, leaseUntil, limit) {
      const due = [...events.values()]
        .filter((event) => !event.deliveredAt && event.nextAttemptAt <= now)
        .slice(0, limit);
      for (const event of due) events.set(event.id, { ...event, nextAttemptAt: leaseUntil });
      return due.map((event) => event.id);
    },
    async refund(paymentRef, amountCents, key) {
      const session = [...sessions.values()].find((s) => s.paymentRef === paymentRef);
      if (!session) return false;
      const refunded = refunds.get(paymentRef) ?? { cents: 0, key: null };
      if (refunded.key === key) return true;
      if (refunded.cents + amountCents > session.amountCents) return false;
      refunds.set(paymentRef, { cents: refunded.cents + amountCents, key });
      return true;
    },
  };
}

/** The store's webhook as the sandbox sees it: keeps every delivery, answers the status the test sets. */
function webhook() {
  const deliveries: { rawBody: string; headers: Headers }[] = [];
  const endpoint = {
    deliveries,
    status: 200,
    post: async (delivery: { rawBody: string; headers: Headers }) => {
      deliveries.push(delivery);
      return { status: endpoint.status, detail: endpoint.status === 200 ? undefined : 'handler failed' };
    },
  };
  return endpoint;
}

function provider(store = memoryStore()) {
  const endpoint = webhook();
  const sandbox = sandboxPaymentProvider({
    store,
    secret: SECRET,
    postWebhook: endpoint.post,
  });
  /** The event the webhook last received, verified as the store verifies it. */
  const lastEvent = () => {
    const delivery = endpoint.deliveries.at(-1);
    return sandbox.verifyWebhook(delivery?.rawBody ?? '', delivery?.headers ?? new Headers());
  };
  return { store, sandbox, endpoint, lastEvent };
}

const request = {
  orderId: ORDER_ID,
  email: 'traveller@example.com',
  amountCents: 1299,
  currency: 'USD',
  lineItems: [{ name: 'Spain 3 GB · 15 days', unitAmountCents: 1299, quantity: 1 }],
  description: 'OpenLine eSIM order 3d9c2f4a',
  successUrl: 'http://shop.test/esim/receipt?order=o&token=t',
  cancelUrl: 'http://shop.test/esim-shop?checkout=cancelled',
};

describe('sandbox webhook signature', () => {
  const body = '{"id":"evt_1"}';

  it('verifies its own t=…,v1=… header', () => {
    expect(() => verifySignature(SECRET, body, signatureHeader(SECRET, body))).not.toThrow();
  });

  it.each([
    ['a changed body', () => verifySignature(SECRET, '{"id":"evt_2"}', signatureHeader(SECRET, body))],
    ['another secret', () => verifySignature(SECRET, body, signatureHeader('another-secret', body))],
    ['no header', () => verifySignature(SECRET, body, null)],
    ['a malformed header', () => verifySignature(SECRET, body, 'v1=abc')],
    [
      'a timestamp six minutes old',
      () => verifySignature(SECRET, body, signatureHeader(SECRET, body, Math.floor(Date.now() / 1000) - 360)),
    ],
  ])('refuses %s', (_name, verify) => {
    expect(verify).toThrow(WebhookSignatureError);
  });
});

describe('sandbox payment provider', () => {
  it('stores a session and sends the buyer to the store’s own /pay page', async () => {
    const { store, sandbox } = provider();
    const session = await sandbox.createCheckoutSession(request);
    expect(session.url).toBe(`http://shop.test/pay/${session.sessionId}`);
    expect(store.sessions.get(session.sessionId)).toMatchObject({
      status: 'open',
      amountCents: 1299,
      orderId: ORDER_ID,
    });
    await expect(sandbox.summary(session.sessionId)).resolves.toMatchObject({
      status: 'open',
      // Whoever holds the session id sees whose it is, not the address.
      email: maskEmail(request.email),
      amount_cents: 1299,
      line_items: [{ name: 'Spain 3 GB · 15 days', unit_amount_cents: 1299, quantity: 1 }],
    });
  });

  it('stores a completed event on Pay and delivers it signed, as its own webhook verification accepts', async () => {
    const { sandbox, endpoint, lastEvent, store } = provider();
    const { sessionId } = await sandbox.createCheckoutSession(request);

    const paid = await sandbox.settle(sessionId, 'pay');

    expect(paid.redirectUrl).toBe(request.successUrl);
    expect(endpoint.deliveries).toHaveLength(0);
    expect(await sandbox.deliverEvent(paid.eventId ?? '')).toBe(true);
    expect(endpoint.deliveries[0]?.headers.get(SANDBOX_SIGNATURE_HEADER)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await lastEvent();
    expect(event).toMatchObject({
      id: paid.eventId,
      type: 'completed',
      sessionId,
      orderId: ORDER_ID,
      amountCents: 1299,
    });
    expect(event.paymentRef).toMatch(/^pi_sbx_/);
    expect(store.events.get(paid.eventId ?? '')?.deliveredAt).toBeInstanceOf(Date);
    await expect(sandbox.retrieveSession(sessionId)).resolves.toEqual({
      status: 'paid',
      paymentRef: event.paymentRef,
      amountCents: 1299,
    });

    // Pay again: the same stored event, to deliver again.
    const again = await sandbox.settle(sessionId, 'pay');
    expect(again).toEqual({ eventId: paid.eventId, redirectUrl: request.successUrl, expired: false });
    expect(store.events.size).toBe(1);
    await expect(sandbox.settle(sessionId, 'cancel')).rejects.toBeInstanceOf(AppError);
  });

  it('stores an expired event on Cancel and sends the buyer back to the shop', async () => {
    const { sandbox, lastEvent } = provider();
    const { sessionId } = await sandbox.createCheckoutSession(request);
    const cancelled = await sandbox.settle(sessionId, 'cancel');
    expect(cancelled.redirectUrl).toBe(request.cancelUrl);
    await sandbox.deliverEvent(cancelled.eventId ?? '');
    await expect(lastEvent()).resolves.toMatchObject({ type: 'expired', sessionId, orderId: ORDER_ID });
    await expect(sandbox.settle(sessionId, 'pay')).resolves.toEqual({
      eventId: cancelled.eventId,
      redirectUrl: request.cancelUrl,
      expired: true,
    });
    await expect(sandbox.retrieveSession(sessionId)).resolves.toMatchObject({ status: 'expired', paymentRef: null });
  });

  it('expires a session paid after its 24 hours', async () => {
    const { store, sandbox, lastEvent } = provider();
    const { sessionId } = await sandbox.createCheckoutSession(request);
    const session = store.sessions.get(sessionId);
    if (session) store.sessions.set(sessionId, { ...session, expiresAt: new Date(Date.now() - 1000) });
    await expect(sandbox.retrieveSession(sessionId)).resolves.toMatchObject({ status: 'expired' });
    const late = await sandbox.settle(sessionId, 'pay');
    expect(late.expired).toBe(true);
    await sandbox.deliverEvent(late.eventId ?? '');
    await expect(lastEvent()).resolves.toMatchObject({ type: 'expired' });
  });

  it('keeps a refused event due again later, with the reason, and signs each attempt afresh', async () => {
    const { store, sandbox, endpoint } = provider();
    const { sessionId } = await sandbox.createCheckoutSession(request);
    const { eventId } = await sandbox.settle(sessionId, 'pay');
    endpoint.status = 500;

    expect(await sandbox.deliverEvent(eventId ?? '')).toBe(false);
    expect(await sandbox.deliverEvent(eventId ?? '')).toBe(false);

    const stored = store.events.get(eventId ?? '');
    expect(stored).toMatchObject({ attempts: 2, deliveredAt: null, lastError: '500: handler failed' });
    expect(stored?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(await sandbox.dueEvents({ leaseMs: 60_000, limit: 10 })).toEqual([]);
    const inAnHour = new Date(Date.now() + 60 * 60_000);
    expect(await sandbox.dueEvents({ now: inAnHour, leaseMs: 60_000, limit: 10 })).toEqual([eventId]);
    // Leased: a second sweep does not queue it twice.
    expect(await sandbox.dueEvents({ now: inAnHour, leaseMs: 60_000, limit: 10 })).toEqual([]);

    endpoint.status = 200;
    expect(await sandbox.deliverEvent(eventId ?? '')).toBe(true);
    expect(store.events.get(eventId ?? '')).toMatchObject({ attempts: 3, lastError: null });
    expect(endpoint.deliveries.map((delivery) => delivery.rawBody)).toEqual(Array(3).fill(stored?.body));
  });

  it('waits 1, 2, 4 … minutes between attempts, at most an hour, without end', () => {
    expect([1, 2, 3, 4, 7, 8, 50].map((attempts) => nextAttemptDelayMs(attempts) / 60_000)).toEqual([
      1, 2, 4, 8, 60, 60, 60,
    ]);
  });

  it('refunds once per idempotency key and never more than was paid', async () => {
    const { store, sandbox } = provider();
    const { sessionId } = await sandbox.createCheckoutSession(request);
    await sandbox.settle(sessionId, 'pay');
    const paymentRef = store.sessions.get(sessionId)?.paymentRef ?? '';
    const first = await sandbox.refund(paymentRef, 1299, 'refund-a');
    await expect(sandbox.refund(paymentRef, 1299, 'refund-a')).resolves.toEqual(first);
    await expect(sandbox.refund(paymentRef, 1, 'refund-b')).rejects.toThrow(/refused/);
    await expect(sandbox.settle('cs_sbx_unknown', 'pay')).rejects.toThrow('This payment session does not exist.');
  });
});
