import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { SANDBOX_SIGNATURE_HEADER, signatureHeader, verifySignature } from './signature.ts';
import {
  type CheckoutLineItem,
  type CheckoutSessionRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSession,
  WebhookSignatureError,
} from './types.ts';
import { maskEmail } from '../../../domain/email.ts';

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

/** An event the sandbox owes the store's webhook, as stored when its session closed. */
export interface SandboxEvent {
  readonly id: string;
  readonly sessionId: string;
  /** 'checkout.session.completed' or 'checkout.session.expired'. */
  readonly type: string;
  /** The event JSON; it is signed afresh at each attempt, as Stripe does. */
  readonly body: string;
  readonly attempts: number;
  readonly deliveredAt: Date | null;
}

/** Where the sandbox keeps its sessions and outgoing events (the payments module's repo, on our database). */
export interface SandboxSessionStore {
  insert(session: SandboxSession): Promise<void>;
  find(id: string): Promise<SandboxSession | null>;
  /**
   * Moves an open session to paid or expired and stores its event, both or neither (one
   * transaction: a crash cannot leave a closed session without its event). False when the
   * session was no longer open.
   */
  close(
    id: string,
    status: 'paid' | 'expired',
    paymentRef: string | null,
    event: { readonly id: string; readonly type: string; readonly body: string },
  ): Promise<boolean>;
  findEvent(id: string): Promise<SandboxEvent | null>;
  findEventOfSession(sessionId: string): Promise<SandboxEvent | null>;
  /** Records one delivery attempt: acknowledged, or refused with the reason and when to try next. */
  recordAttempt(
    id: string,
    outcome:
      | { readonly delivered: true }
      | { readonly delivered: false; readonly error: string; readonly nextAttemptAt: Date },
  ): Promise<void>;
  /**
   * Undelivered events due by `now`, at most `limit`, each pushed back to `leaseUntil` so a
   * second sweep does not take it again while its delivery is queued.
   */
  claimDueEvents(now: Date, leaseUntil: Date, limit: number): Promise<string[]>;
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

/** The event the session's closing stored (to deliver now), and where the buyer goes next. */
export interface SandboxSettlement {
  /** The closed session's event (just stored, or stored by an earlier click); null while it is open. */
  readonly eventId: string | null;
  readonly redirectUrl: string;
  /** Pay was pressed after the session ran out: the expiry is delivered, the buyer told. */
  readonly expired: boolean;
}

/** The store's webhook route for the sandbox: where it delivers its events, as a real provider does. */
export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhook/sandbox';

/**
 * How the sandbox reaches the store's webhook route (`POST /api/payments/webhook/sandbox`):
 * given by the store, answers the HTTP status and, when refused, a short reason.
 */
export type SandboxWebhookPoster = (delivery: {
  readonly rawBody: string;
  readonly headers: Headers;
}) => Promise<{ readonly status: number; readonly detail?: string }>;

/** Delay before the next attempt after `attempts` refused ones: 1, 2, 4 … minutes, then hourly, until acknowledged. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), 60) * 60_000;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  summary(sessionId: string): Promise<SandboxSessionSummary | null>;
  /** The buyer pressed Pay or Cancel on the sandbox page: closes the session and stores its event. */
  settle(sessionId: string, action: 'pay' | 'cancel'): Promise<SandboxSettlement>;
  /**
   * One attempt to deliver a stored event to the store's webhook, signed now; records the
   * outcome (and, when refused, when to try next). True when acknowledged (2xx).
   */
  deliverEvent(eventId: string): Promise<boolean>;
  /** Undelivered events whose next attempt is due, leased for `leaseMs` so one sweep takes each. */
  dueEvents(options: { now?: Date; leaseMs: number; limit: number }): Promise<string[]>;
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
  /** Posts a signed event to the store's webhook route. */
  postWebhook: SandboxWebhookPoster;
}): SandboxPaymentProvider {
  const { store, secret, postWebhook } = options;

  function eventFor(session: SandboxSession, type: 'completed' | 'expired', paymentRef: string | null) {
    const id = randomId('evt_sbx');
    const body = JSON.stringify({
      id,
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
    return { id, type: `checkout.session.${type}`, body };
  }

  /** The event a closed session stored (whoever closed it). */
  async function eventIdOf(sessionId: string): Promise<string | null> {
    return (await store.findEventOfSession(sessionId))?.id ?? null;
  }

  async function expire(session: SandboxSession): Promise<SandboxSettlement> {
    const event = eventFor(session, 'expired', null);
    const closed = await store.close(session.id, 'expired', null, event);
    return { eventId: closed ? event.id : await eventIdOf(session.id), redirectUrl: session.cancelUrl, expired: false };
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
        // The pay page is on the store the buyer came from and returns to.
        url: new URL(`/pay/${session.id}`, request.successUrl).toString(),
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
        // The session id is a bearer link: the page shows whose it is without giving the address away.
        email: maskEmail(session.email),
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

      // A closed session answers with its stored event, so a second click delivers it again.
      if (action === 'cancel') {
        if (session.status === 'paid') throw new AppError('CONFLICT', 'This payment is already complete.');
        if (session.status === 'expired') {
          return { eventId: await eventIdOf(session.id), redirectUrl: session.cancelUrl, expired: false };
        }
        return expire(session);
      }

      if (session.status === 'paid') {
        return { eventId: await eventIdOf(session.id), redirectUrl: session.successUrl, expired: false };
      }
      if (timedOut) return { ...(await expire(session)), expired: true };
      if (session.status === 'expired') {
        return { eventId: await eventIdOf(session.id), redirectUrl: session.cancelUrl, expired: true };
      }
      const paymentRef = randomId('pi_sbx');
      const event = eventFor(session, 'completed', paymentRef);
      if (!(await store.close(session.id, 'paid', paymentRef, event))) {
        // Another click won the race: answer as that one did.
        return this.settle(sessionId, action);
      }
      return { eventId: event.id, redirectUrl: session.successUrl, expired: false };
    },

    async deliverEvent(eventId) {
      const event = await store.findEvent(eventId);
      if (!event) return false;
      const headers = new Headers({
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signatureHeader(secret, event.body),
      });
      let answer: { status: number; detail?: string };
      try {
        answer = await postWebhook({ rawBody: event.body, headers });
      } catch (error) {
        answer = { status: 0, detail: error instanceof Error ? error.message : String(error) };
      }
      if (answer.status >= 200 && answer.status < 300) {
        await store.recordAttempt(event.id, { delivered: true });
        return true;
      }
      await store.recordAttempt(event.id, {
        delivered: false,
        error: `${answer.status || 'no answer'}${answer.detail ? `: ${answer.detail}` : ''}`.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + nextAttemptDelayMs(event.attempts + 1)),
      });
      return false;
    },

    async dueEvents({ now = new Date(), leaseMs, limit }) {
      return store.claimDueEvents(now, new Date(now.getTime() + leaseMs), limit);
    },

    async retrieveSession(sessionId): Promise<ProviderSession | null> {
      const session = await store.find(sessionId);
      if (!session) return null;
      const timedOut = session.status === 'open' && session.expiresAt.getTime() <= Date.now();
      return {
        status: timedOut ? 'expired' : session.status,
        paymentRef: session.paymentRef,
        amountCents: session.amountCents,
      };
    },
  };
}
