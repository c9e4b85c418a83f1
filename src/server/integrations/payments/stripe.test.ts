import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripePaymentProvider } from './stripe.ts';
import { WebhookSignatureError } from './types.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_openline';
const ORDER_ID = '0b7f3c1e-5a8d-4c2b-9e61-3f0a1d2c4b5e';

interface Exchange {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: URLSearchParams;
}

/** Answers like Stripe's API and keeps every request, so a test can read what was sent. */
function stripeApi(answer: (exchange: Exchange) => unknown, status: (exchange: Exchange) => number = () => 200) {
  const exchanges: Exchange[] = [];
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const exchange = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
    };
    exchanges.push(exchange);
    return new Response(JSON.stringify(answer(exchange)), {
      status: status(exchange),
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    });
  }) as typeof fetch;
  return { fetch: fetchStub, exchanges };
}

const checkoutRequest = {
  orderId: ORDER_ID,
  email: 'traveller@example.com',
  amountCents: 2400,
  currency: 'USD',
  lineItems: [
    { name: 'France 5 GB · 30 days', unitAmountCents: 900, quantity: 2 },
    { name: 'Japan 1 GB · 7 days', unitAmountCents: 600, quantity: 1 },
  ],
  description: 'OpenLine eSIM order 0b7f3c1e',
  successUrl: 'https://openline.example/esim/receipt?order=x&token=y',
  cancelUrl: 'https://openline.example/esim-shop?checkout=cancelled',
};

function signed(event: object, timestamp?: number) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
  return { payload, headers: new Headers({ 'stripe-signature': header }) };
}

const completedEvent = {
  id: 'evt_test_completed',
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: 'cs_test_123',
      object: 'checkout.session',
      amount_total: 2400,
      payment_status: 'paid',
      payment_intent: 'pi_test_123',
      metadata: { order_id: ORDER_ID },
      client_reference_id: ORDER_ID,
    },
  },
};

describe('Stripe payment provider', () => {
  it('opens a Checkout Session in payment mode with the lines in cents, the email, the order and both URLs', async () => {
    const api = stripeApi(() => ({
      id: 'cs_test_123',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_123',
    }));
    const stripe = stripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, fetch: api.fetch });

    const session = await stripe.createCheckoutSession(checkoutRequest);

    expect(session).toEqual({ sessionId: 'cs_test_123', url: 'https://checkout.stripe.com/c/pay/cs_test_123' });
    const [exchange] = api.exchanges;
    expect(exchange?.method).toBe('POST');
    expect(exchange?.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(exchange?.headers.get('authorization')).toBe('Bearer sk_test_123');
    expect(exchange?.headers.get('idempotency-key')).toBe(`checkout-${ORDER_ID}`);
    expect(Object.fromEntries(exchange?.body ?? [])).toMatchObject({
      mode: 'payment',
      customer_email: 'traveller@example.com',
      client_reference_id: ORDER_ID,
      'metadata[order_id]': ORDER_ID,
      'payment_intent_data[metadata][order_id]': ORDER_ID,
      success_url: checkoutRequest.successUrl,
      cancel_url: checkoutRequest.cancelUrl,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '900',
      'line_items[0][price_data][product_data][name]': 'France 5 GB · 30 days',
      'line_items[1][price_data][unit_amount]': '600',
    });
  });

  it('charges a discounted order as one line of the discounted amount', async () => {
    const api = stripeApi(() => ({
      id: 'cs_test_456',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_456',
    }));
    const stripe = stripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, fetch: api.fetch });

    await stripe.createCheckoutSession({ ...checkoutRequest, amountCents: 2160 });

    const body = Object.fromEntries(api.exchanges[0]?.body ?? []);
    expect(body).toMatchObject({
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '2160',
      'line_items[0][price_data][product_data][name]': checkoutRequest.description,
    });
    expect(body).not.toHaveProperty('line_items[1][quantity]');
  });

  it('refunds by payment intent with an idempotency key', async () => {
    const api = stripeApi(() => ({ id: 're_test_1', object: 'refund', status: 'succeeded' }));
    const stripe = stripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, fetch: api.fetch });

    await expect(stripe.refund('pi_test_123', 2400, `refund-${ORDER_ID}`)).resolves.toEqual({ refundId: 're_test_1' });

    const [exchange] = api.exchanges;
    expect(exchange?.url).toBe('https://api.stripe.com/v1/refunds');
    expect(exchange?.headers.get('idempotency-key')).toBe(`refund-${ORDER_ID}`);
    expect(Object.fromEntries(exchange?.body ?? [])).toEqual({ payment_intent: 'pi_test_123', amount: '2400' });
  });

  it('retrieves a session to tell paid from open, still unpaid and expired ones, and null for an unknown one', async () => {
    const sessions: Record<string, object> = {
      cs_paid: { status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_paid', amount_total: 2400 },
      cs_free: { status: 'complete', payment_status: 'no_payment_required', payment_intent: null, amount_total: 0 },
      cs_open: { status: 'open', payment_status: 'unpaid', payment_intent: null, amount_total: 2400 },
      // A delayed payment method: the checkout is complete, the money not yet there.
      cs_pending: { status: 'complete', payment_status: 'unpaid', payment_intent: 'pi_test_later', amount_total: 2400 },
      cs_gone: { status: 'expired', payment_status: 'unpaid', payment_intent: null, amount_total: 2400 },
    };
    const idOf = (exchange: Exchange) => new URL(exchange.url).pathname.split('/').at(-1) ?? '';
    const api = stripeApi(
      (exchange) => {
        const session = sessions[idOf(exchange)];
        return session
          ? { id: idOf(exchange), object: 'checkout.session', ...session }
          : { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } };
      },
      (exchange) => (sessions[idOf(exchange)] ? 200 : 404),
    );
    const stripe = stripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, fetch: api.fetch });

    await expect(stripe.retrieveSession('cs_paid')).resolves.toEqual({
      status: 'paid',
      paymentRef: 'pi_test_paid',
      amountCents: 2400,
    });
    await expect(stripe.retrieveSession('cs_free')).resolves.toMatchObject({ status: 'paid', amountCents: 0 });
    await expect(stripe.retrieveSession('cs_open')).resolves.toMatchObject({ status: 'open' });
    await expect(stripe.retrieveSession('cs_pending')).resolves.toMatchObject({ status: 'open' });
    await expect(stripe.retrieveSession('cs_gone')).resolves.toMatchObject({ status: 'expired' });
    await expect(stripe.retrieveSession('cs_unknown')).resolves.toBeNull();
    expect(api.exchanges[0]).toMatchObject({
      method: 'GET',
      url: 'https://api.stripe.com/v1/checkout/sessions/cs_paid',
    });
  });

  describe('webhook verification with the SDK’s own offline signing', () => {
    const stripe = stripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET });

    it('accepts a validly signed checkout.session.completed as a completed payment of the order', async () => {
      const { payload, headers } = signed(completedEvent);
      await expect(stripe.verifyWebhook(payload, headers)).resolves.toEqual({
        id: 'evt_test_completed',
        type: 'completed',
        providerType: 'checkout.session.completed',
        sessionId: 'cs_test_123',
        orderId: ORDER_ID,
        paymentRef: 'pi_test_123',
        amountCents: 2400,
      });
    });

    it('refuses a body changed after signing', async () => {
      const { payload, headers } = signed(completedEvent);
      const tampered = payload.replace('"amount_total":2400', '"amount_total":1');
      await expect(stripe.verifyWebhook(tampered, headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    });

    it('refuses a signature older than the five-minute tolerance', async () => {
      const { payload, headers } = signed(completedEvent, Math.floor(Date.now() / 1000) - 600);
      await expect(stripe.verifyWebhook(payload, headers)).rejects.toThrow(/tolerance/i);
    });

    it('refuses a delivery without a signature or signed with another secret', async () => {
      const payload = JSON.stringify(completedEvent);
      await expect(stripe.verifyWebhook(payload, new Headers())).rejects.toBeInstanceOf(WebhookSignatureError);
      const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
      await expect(stripe.verifyWebhook(payload, new Headers({ 'stripe-signature': other }))).rejects.toBeInstanceOf(
        WebhookSignatureError,
      );
    });

    it('maps checkout.session.expired to expired, an unpaid completion and other events to ignored', async () => {
      const expired = signed({ ...completedEvent, id: 'evt_exp', type: 'checkout.session.expired' });
      await expect(stripe.verifyWebhook(expired.payload, expired.headers)).resolves.toMatchObject({
        type: 'expired',
        orderId: ORDER_ID,
        sessionId: 'cs_test_123',
      });
      const unpaid = signed({
        ...completedEvent,
        id: 'evt_unpaid',
        data: { object: { ...completedEvent.data.object, payment_status: 'unpaid' } },
      });
      await expect(stripe.verifyWebhook(unpaid.payload, unpaid.headers)).resolves.toMatchObject({ type: 'ignored' });
      const other = signed({
        id: 'evt_other',
        object: 'event',
        type: 'charge.refunded',
        data: { object: { id: 'ch_1' } },
      });
      await expect(stripe.verifyWebhook(other.payload, other.headers)).resolves.toMatchObject({
        id: 'evt_other',
        type: 'ignored',
      });
    });
  });
});
