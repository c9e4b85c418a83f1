/** One line of what the buyer pays for, in the currency's minor unit. */
export interface CheckoutLineItem {
  readonly name: string;
  readonly unitAmountCents: number;
  readonly quantity: number;
}

export interface CheckoutSessionRequest {
  readonly orderId: string;
  readonly email: string;
  /** What the buyer is charged; may be less than the line items when a coupon applies. */
  readonly amountCents: number;
  /** ISO 4217, upper case ('USD'). */
  readonly currency: string;
  readonly lineItems: readonly CheckoutLineItem[];
  /** Shown instead of the line items when a discount makes them add up to more than the amount. */
  readonly description: string;
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface CheckoutSession {
  readonly sessionId: string;
  /** Where to send the buyer to pay. */
  readonly url: string;
  /** When the session stops taking payment (Stripe's expires_at); the store expires the order then. */
  readonly expiresAt?: Date;
}

/** A provider's webhook event reduced to what the store acts on. */
export interface PaymentEvent {
  /** The provider's own event id: the same delivery replayed carries the same id. */
  readonly id: string;
  readonly type: 'completed' | 'expired' | 'ignored';
  /** The provider's name for it ('checkout.session.completed'), for the record. */
  readonly providerType: string;
  readonly sessionId: string | null;
  readonly orderId: string | null;
  readonly paymentRef?: string;
  readonly amountCents?: number;
}

/** A checkout session as the provider sees it now (reconciliation asks when a webhook may be lost). */
export interface ProviderSession {
  /** 'paid' only when the money is taken (a delayed payment method stays 'open' until it arrives). */
  readonly status: 'open' | 'paid' | 'expired';
  readonly paymentRef: string | null;
  readonly amountCents: number | null;
}

export type PaymentProviderName = 'sandbox' | 'stripe';

/** A hosted checkout: the card never touches the store (PCI SAQ-A). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** Checks the signature over the raw body; throws `WebhookSignatureError` when it does not hold. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent>;
  /** The session's state at the provider; null when it does not know the session. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /** Returns the money of a payment; the key makes a retried refund a no-op at the provider. */
  refund(paymentRef: string, amountCents: number, idempotencyKey: string): Promise<{ refundId: string }>;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
