import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { SANDBOX_SIGNATURE_HEADER, signatureHeader, verifySignature } from './signature.ts';
import {
  type CheckoutLineItem,
  type CheckoutSessionRequest,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from './types.ts';

/** A sandbox checkout stays payable for a day, like a hosted checkout page. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export type SandboxSessionStatus = 'open' | 'paid' | 'expired';

export interface SandboxSession {
  readonly id: string;
  readonly orderId: string;
  readonly email: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly lineItems: CheckoutLineItem[];
  readonly description: string;
  readonly successUrl: string;
  readonly cancelUrl: string;
  readonly status: SandboxSessionStatus;
  readonly paymentRef: string | null;
  readonly expiresAt: Date;
}

/** Where the sandbox keeps its sessions (the payments module's repo, on our database). */
export interface SandboxSessionStore {
  insert(session: SandboxSession): Promise<void>;
  find(id: string): Promise<SandboxSession | null>;
  /** Moves an open session to paid or expired; false when it was no longer open. */
  close(id: string, status: 'paid' | 'expired', paymentRef: string | null): Promise<boolean>;
  /** Records a refund unless it would return more than was paid; a repeated key answers true again. */
  refund(paymentRef: string, amountCents: number, key: string): Promise<boolean>;
}

/** What the store's own /pay page shows. */
export interface SandboxSessionSummary {
  readonly id: string;
  readonly status: SandboxSessionStatus;
  readonly email: string;
  readonly amount_cents: number;
  readonly currency: string;
  readonly description: string;
  readonly line_items: { name: string; unit_amount_cents: number; quantity: number }[];
  readonly expires_at: string;
}

/** The signed delivery the sandbox makes to our webhook, and where the buyer goes next. */
export interface SandboxSettlement {
  readonly delivery: { readonly rawBody: string; readonly headers: Headers } | null;
  readonly redirectUrl: string;
  /** Pay was pressed after the session ran out: the expiry is delivered, the buyer told. */
  readonly expired: boolean;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  summary(sessionId: string): Promise<SandboxSessionSummary | null>;
  /** The buyer pressed Pay or Cancel on the sandbox page. */
  settle(sessionId: string, action: 'pay' | 'cancel'): Promise<SandboxSettlement>;
}

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  data: z.object({
    object: z.object({
      id: z.string(),
      amount_total: z.number().int().optional(),
      metadata: z.object({ order_id: z.string() }).partial().optional(),
      payment_intent: z.string().nullable().optional(),
    }),
  }),
});

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

const SESSION_GONE = 'This payment session does not exist.';

/**
 * The built-in payment provider: no card, no money. It keeps sessions in our database,
 * sends the buyer to the store's own /pay page, and on Pay or Cancel signs an event exactly
 * as a real provider would, for the same webhook handler to verify.
 */
export function sandboxPaymentProvider(options: {
  store: SandboxSessionStore;
  secret: string;
  publicUrl: string;
}): SandboxPaymentProvider {
  const { store, secret, publicUrl } = options;

  function signedEvent(session: SandboxSession, type: 'completed' | 'expired', paymentRef: string | null) {
    const rawBody = JSON.stringify({
      id: randomId('evt_sbx'),
      object: 'event',
      type: `checkout.session.${type}`,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          amount_total: session.amountCents,
          currency: session.currency.toLowerCase(),
          customer_email: session.email,
          metadata: { order_id: session.orderId },
          payment_intent: paymentRef,
          payment_status: type === 'completed' ? 'paid' : 'unpaid',
          status: type === 'completed' ? 'complete' : 'expired',
        },
      },
    });
    const headers = new Headers({
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signatureHeader(secret, rawBody),
    });
    return { rawBody, headers };
  }

  async function expire(session: SandboxSession): Promise<SandboxSettlement> {
    const closed = await store.close(session.id, 'expired', null);
    return {
      delivery: closed ? signedEvent(session, 'expired', null) : null,
      redirectUrl: session.cancelUrl,
      expired: false,
    };
  }

  return {
    name: 'sandbox',

    async createCheckoutSession(request: CheckoutSessionRequest) {
      const session: SandboxSession = {
        id: randomId('cs_sbx'),
        orderId: request.orderId,
        email: request.email,
        amountCents: request.amountCents,
        currency: request.currency,
        lineItems: request.lineItems.map((item) => ({ ...item })),
        description: request.description,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        status: 'open',
        paymentRef: null,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      };
      await store.insert(session);
      return {
        sessionId: session.id,
        url: new URL(`/pay/${session.id}`, publicUrl).toString(),
        expiresAt: session.expiresAt,
      };
    },

    async verifyWebhook(rawBody, headers): Promise<PaymentEvent> {
      verifySignature(secret, rawBody, headers.get(SANDBOX_SIGNATURE_HEADER));
      let parsed;
      try {
        parsed = eventSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new WebhookSignatureError('Unreadable webhook event');
      }
      const session = parsed.data.object;
      const type =
        parsed.type === 'checkout.session.completed'
          ? 'completed'
          : parsed.type === 'checkout.session.expired'
            ? 'expired'
            : 'ignored';
      return {
        id: parsed.id,
        type,
        providerType: parsed.type,
        sessionId: session.id,
        orderId: session.metadata?.order_id ?? null,
        paymentRef: session.payment_intent ?? undefined,
        amountCents: session.amount_total,
      };
    },

    async refund(paymentRef, amountCents, idempotencyKey) {
      if (!(await store.refund(paymentRef, amountCents, idempotencyKey))) {
        throw new Error(`Sandbox refund refused: no payment ${paymentRef} with ${amountCents} cents left to return`);
      }
      return { refundId: `re_sbx_${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 24)}` };
    },

    async summary(sessionId) {
      const session = await store.find(sessionId);
      if (!session) return null;
      return {
        id: session.id,
        status: session.status,
        email: session.email,
        amount_cents: session.amountCents,
        currency: session.currency,
        description: session.description,
        line_items: session.lineItems.map((item) => ({
          name: item.name,
          unit_amount_cents: item.unitAmountCents,
          quantity: item.quantity,
        })),
        expires_at: session.expiresAt.toISOString(),
      };
    },

    async settle(sessionId, action) {
      const session = await store.find(sessionId);
      if (!session) throw new AppError('NOT_FOUND', SESSION_GONE);
      const timedOut = session.status === 'open' && session.expiresAt.getTime() <= Date.now();

      if (action === 'cancel') {
        if (session.status === 'paid') throw new AppError('CONFLICT', 'This payment is already complete.');
        if (session.status === 'expired') return { delivery: null, redirectUrl: session.cancelUrl, expired: false };
        return expire(session);
      }

      if (session.status === 'paid') return { delivery: null, redirectUrl: session.successUrl, expired: false };
      if (timedOut) return { ...(await expire(session)), expired: true };
      if (session.status === 'expired') return { delivery: null, redirectUrl: session.cancelUrl, expired: true };
      const paymentRef = randomId('pi_sbx');
      if (!(await store.close(session.id, 'paid', paymentRef))) {
        // Another click won the race: answer as that one did.
        return this.settle(sessionId, action);
      }
      return {
        delivery: signedEvent(session, 'completed', paymentRef),
        redirectUrl: session.successUrl,
        expired: false,
      };
    },
  };
}
