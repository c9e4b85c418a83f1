import Stripe from 'stripe';
import {
  type CheckoutSessionRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSession,
  WebhookSignatureError,
} from './types.ts';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

export interface StripeProviderOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Tests hand in a fetch that answers like Stripe's API; production uses the SDK's own client. */
  readonly fetch?: typeof fetch;
}

function lineItemsFor(request: CheckoutSessionRequest): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const currency = request.currency.toLowerCase();
  const itemized = request.lineItems.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0);
  // Stripe charges the sum of the lines; with our coupon applied that sum is no longer the
  // amount, so the order goes as one line that names its contents.
  if (itemized === request.amountCents) {
    return request.lineItems.map((item) => ({
      quantity: item.quantity,
      price_data: { currency, unit_amount: item.unitAmountCents, product_data: { name: item.name } },
    }));
  }
  return [
    {
      quantity: 1,
      price_data: { currency, unit_amount: request.amountCents, product_data: { name: request.description } },
    },
  ];
}

/** Stripe Checkout: a hosted page, webhooks signed with the endpoint secret, refunds by payment intent. */
export function stripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(options.fetch ? { httpClient: Stripe.createFetchHttpClient(options.fetch) } : {}),
  });

  return {
    name: 'stripe',

    async createCheckoutSession(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: request.email,
          client_reference_id: request.orderId,
          line_items: lineItemsFor(request),
          metadata: { order_id: request.orderId },
          payment_intent_data: { metadata: { order_id: request.orderId } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // One order never opens two Stripe sessions, even when our request is retried.
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      const expiresAt = session.expires_at ? new Date(session.expires_at * 1000) : undefined;
      return { sessionId: session.id, url: session.url, expiresAt };
    },

    async verifyWebhook(rawBody, headers): Promise<PaymentEvent> {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers.get(STRIPE_SIGNATURE_HEADER) ?? '',
          options.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : undefined);
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          // A delayed payment method completes the session unpaid; its money arrives with async_payment_succeeded.
          const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
          return {
            id: event.id,
            type: paid ? 'completed' : 'ignored',
            providerType: event.type,
            sessionId: session.id,
            orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
            paymentRef:
              typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id,
            amountCents: session.amount_total ?? undefined,
          };
        }
        case 'checkout.session.expired': {
          const session = event.data.object;
          return {
            id: event.id,
            type: 'expired',
            providerType: event.type,
            sessionId: session.id,
            orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
          };
        }
        default:
          return { id: event.id, type: 'ignored', providerType: event.type, sessionId: null, orderId: null };
      }
    },

    async retrieveSession(sessionId): Promise<ProviderSession | null> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      const paid =
        session.status === 'complete' &&
        (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
      return {
        status: paid ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
        paymentRef:
          (typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id) ?? null,
        amountCents: session.amount_total,
      };
    },

    async refund(paymentRef, amountCents, idempotencyKey) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentRef, amount: amountCents },
        { idempotencyKey },
      );
      return { refundId: refund.id };
    },
  };
}
