import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.ts';
import { type PaymentEvent, type PaymentProvider, WebhookSignatureError } from '../../integrations/payments/types.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { type SandboxEventDelivery, sandboxEventDelivery } from './event-delivery.ts';
import * as repo from './repo.ts';

export type { PaymentEvent };

export const orderPaymentEvents = repo.selectOrderPaymentEvents;

/** What a webhook delivery did; recorded on its payment_events row. */
export type WebhookOutcome = 'duplicate' | 'ignored' | 'unknown_order' | 'paid' | 'already_paid' | 'expired' | 'stale';

/**
 * Applies a verified, first-seen provider event to the store (the settle-payment workflow),
 * inside the transaction that claimed it: a failure leaves the event unclaimed for the retry.
 */
export type PaymentEventHandler = (
  tx: Db,
  providerName: string,
  event: PaymentEvent,
) => Promise<Exclude<WebhookOutcome, 'duplicate'>>;

export interface PaymentsService {
  /** Where new checkouts go. */
  readonly provider: PaymentProvider;
  /** The sandbox's own pay page API, when the sandbox is the provider. */
  readonly sandbox: SandboxPaymentProvider | null;
  /** The sandbox's outgoing events (delivered until acknowledged), when the sandbox is the provider. */
  readonly sandboxEvents: SandboxEventDelivery | null;
  /** Verifies a delivery to /api/payments/webhook/:provider, drops replays and hands it on. */
  receiveWebhook(providerName: string, rawBody: string, headers: Headers): Promise<WebhookOutcome>;
  /** Applies an event learned without a webhook (reconciliation), on the webhook's own idempotent path. */
  applyEvent(event: PaymentEvent): Promise<WebhookOutcome>;
  /** Returns an order's payment in full; null when nothing was charged through the provider. */
  refund(order: {
    readonly id: string;
    readonly paymentRef: string | null;
    readonly paymentProvider: string | null;
    readonly totalCents: number;
  }): Promise<{ refundId: string } | null>;
}

/**
 * The payment provider, webhook verification, the payment_events dedupe and (sandbox) the
 * delivery of the provider's own events. What an event means for an order is the
 * settle-payment workflow's (`onEvent`), so this module writes no order or coupon table.
 */
export function createPaymentsService(options: {
  db: Db;
  provider: PaymentProvider;
  jobs: JobQueue;
  logger: Logger;
  onEvent: PaymentEventHandler;
}): PaymentsService {
  const { db, provider, jobs, logger } = options;

  /** Claims the event by its id and applies it, in one transaction: a replay stops at the claim. */
  async function record(providerName: string, event: PaymentEvent): Promise<WebhookOutcome> {
    const outcome = await inTransaction(db, async (tx) => {
      const claimed = await repo.claimPaymentEvent(tx, {
        provider: providerName,
        eventId: event.id,
        type: event.providerType,
        orderId: event.orderId,
        sessionId: event.sessionId,
      });
      if (!claimed) return 'duplicate' as const;
      const result = event.type === 'ignored' ? ('ignored' as const) : await options.onEvent(tx, providerName, event);
      await repo.setPaymentEventOutcome(tx, providerName, event.id, result);
      return result;
    });
    logger.info({ provider: providerName, eventId: event.id, type: event.providerType, outcome }, 'payment webhook');
    return outcome;
  }

  const sandbox = provider.name === 'sandbox' ? (provider as SandboxPaymentProvider) : null;

  return {
    provider,
    sandbox,
    sandboxEvents: sandbox ? sandboxEventDelivery({ sandbox, jobs, logger }) : null,

    async receiveWebhook(providerName, rawBody, headers) {
      if (providerName !== provider.name) throw new AppError('NOT_FOUND', `No payment provider ${providerName}`);
      let event: PaymentEvent;
      try {
        event = await provider.verifyWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError('BAD_REQUEST', error.message);
        throw error;
      }
      return record(providerName, event);
    },

    applyEvent: (event) => record(provider.name, event),

    async refund(order) {
      // An order of a mixed checkout may cost nothing (a coupon) while its sibling was paid.
      if (!order.paymentRef || order.paymentProvider !== provider.name || order.totalCents === 0) return null;
      return provider.refund(order.paymentRef, order.totalCents, `refund-${order.id}`);
    },
  };
}
