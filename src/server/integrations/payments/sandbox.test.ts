import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { type SandboxSession, type SandboxSessionStore, sandboxPaymentProvider } from './sandbox.ts';
import { SANDBOX_SIGNATURE_HEADER, signatureHeader, verifySignature } from './signature.ts';
import { WebhookSignatureError } from './types.ts';

const SECRET = 'sandbox-secret-for-unit-tests-0123456789';
const ORDER_ID = '3d9c2f4a-1b6e-4f80-a2c7-5e9d1b3a7c60';

function memoryStore(): SandboxSessionStore & { sessions: Map<string, SandboxSession> } {
  const sessions = new Map<string, SandboxSession>();
  const refunds = new Map<string, { cents: number; key: string | null }>();
  return {
    sessions,
    async insert(session) {
      sessions.set(session.id, session);
    },
    async find(id) {
      return sessions.get(id) ?? null;
    },
    async close(id, status, paymentRef) {
      const session = sessions.get(id);
      if (session?.status !== 'open') return false;
      sessions.set(id, { ...session, status, paymentRef });
      return true;
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

function provider(store = memoryStore()) {
  return { store, sandbox: sandboxPaymentProvider({ store, secret: SECRET, publicUrl: 'http://shop.test' }) };
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
      amount_cents: 1299,
      line_items: [{ name: 'Spain 3 GB · 15 days', unit_amount_cents: 1299, quantity: 1 }],
    });
  });

  it('signs a completed event on Pay that its own webhook verification accepts, and sends the buyer to the receipt', async () => {
    const { sandbox } = provider();
    const { sessionId } = await sandbox.createCheckoutSession(request);

    const paid = await sandbox.settle(sessionId, 'pay');

    expect(paid.redirectUrl).toBe(request.successUrl);
    expect(paid.delivery?.headers.get(SANDBOX_SIGNATURE_HEADER)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await sandbox.verifyWebhook(paid.delivery?.rawBody ?? '', paid.delivery?.headers ?? new Headers());
    expect(event).toMatchObject({ type: 'completed', sessionId, orderId: ORDER_ID, amountCents: 1299 });
    expect(event.paymentRef).toMatch(/^pi_sbx_/);

    const again = await sandbox.settle(sessionId, 'pay');
    expect(again).toEqual({ delivery: null, redirectUrl: request.successUrl, expired: false });
    await expect(sandbox.settle(sessionId, 'cancel')).rejects.toBeInstanceOf(AppError);
  });

  it('signs an expired event on Cancel and sends the buyer back to the shop', async () => {
    const { sandbox } = provider();
    const { sessionId } = await sandbox.createCheckoutSession(request);
    const cancelled = await sandbox.settle(sessionId, 'cancel');
    expect(cancelled.redirectUrl).toBe(request.cancelUrl);
    await expect(
      sandbox.verifyWebhook(cancelled.delivery?.rawBody ?? '', cancelled.delivery?.headers ?? new Headers()),
    ).resolves.toMatchObject({ type: 'expired', sessionId, orderId: ORDER_ID });
    await expect(sandbox.settle(sessionId, 'pay')).resolves.toMatchObject({ delivery: null, expired: true });
  });

  it('expires a session paid after its 24 hours', async () => {
    const { store, sandbox } = provider();
    const { sessionId } = await sandbox.createCheckoutSession(request);
    const session = store.sessions.get(sessionId);
    if (session) store.sessions.set(sessionId, { ...session, expiresAt: new Date(Date.now() - 1000) });
    const late = await sandbox.settle(sessionId, 'pay');
    expect(late.expired).toBe(true);
    await expect(
      sandbox.verifyWebhook(late.delivery?.rawBody ?? '', late.delivery?.headers ?? new Headers()),
    ).resolves.toMatchObject({
      type: 'expired',
    });
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
