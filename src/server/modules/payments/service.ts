import type { OrderKind, OrderStatus } from '../../../domain/order.ts';
import { inTransaction, sqlExecutorOf, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.ts';
import { type PaymentEvent, type PaymentProvider, WebhookSignatureError } from '../../integrations/payments/types.ts';
import type { JobQueue, QueueName } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import { redeemCoupon } from '../coupons/service.ts';
import { addOrderEvent, findOrderByPaymentSession, lockOrder, type Order, transitionOrder } from '../orders/service.ts';
import { type SandboxEventDelivery, sandboxEventDelivery } from './event-delivery.ts';
import * as repo from './repo.ts';

/** What a webhook delivery did; recorded on its payment_events row. */
export type WebhookOutcome = 'duplicate' | 'ignored' | 'unknown_order' | 'paid' | 'already_paid' | 'expired' | 'stale';

/** Orders that may still become paid: money that moves is never turned away. */
export const PAYABLE: readonly OrderStatus[] = ['pending_payment', 'expired', 'cancelled'];

/** Payment reference of orders that cost nothing (a 100% coupon): no provider is involved. */
export const NO_PAYMENT_PROVIDER = 'none';

export interface Settlement {
  /** False when the order was no longer payable (nothing changed). */
  readonly paid: boolean;
  /** Whether the order's coupon got one of its uses; null without a coupon. */
  readonly couponRedeemed: boolean | null;
}

export interface PaymentsService {
  /** Where new checkouts go. */
  readonly provider: PaymentProvider;
  /** The sandbox's own pay page API, when the sandbox is the provider. */
  readonly sandbox: SandboxPaymentProvider | null;
  /** The sandbox's outgoing events (delivered until acknowledged), when the sandbox is the provider. */
  readonly sandboxEvents: SandboxEventDelivery | null;
  /** Verifies a delivery to /api/payments/webhook/:provider and applies it. */
  receiveWebhook(providerName: string, rawBody: string, headers: Headers): Promise<WebhookOutcome>;
  /** Applies an event learned without a webhook (reconciliation), on the webhook's own idempotent path. */
  applyEvent(event: PaymentEvent): Promise<WebhookOutcome>;
  /** Marks an order paid in the caller's transaction (free orders use it directly). */
  settlePaid(tx: Db, order: Order, payment: { provider: string; paymentRef: string | null }): Promise<Settlement>;
  /** Returns an order's payment in full; null when nothing was charged through the provider. */
  refund(order: Order): Promise<{ refundId: string } | null>;
}

export function createPaymentsService(options: {
  db: Db;
  provider: PaymentProvider;
  jobs: JobQueue;
  logger: Logger;
  /** The job that delivers a paid order of each kind. */
  fulfilmentQueues: Partial<Record<OrderKind, QueueName>>;
}): PaymentsService {
  const { db, provider, jobs, logger } = options;

  /**
   * The payment steps, all in the caller's transaction: mark paid (with the reference),
   * redeem the coupon if one is left, queue fulfilment. Undone together if any fails.
   */
  async function settlePaid(
    tx: Db,
    order: Order,
    payment: { provider: string; paymentRef: string | null },
  ): Promise<Settlement> {
    const late = order.status !== 'pending_payment';
    const paid = await transitionOrder(tx, order.id, {
      from: PAYABLE,
      to: 'paid',
      message: late ? 'Payment received after the checkout had closed.' : 'Payment received.',
      set: { paymentRef: payment.paymentRef, paymentProvider: payment.provider },
    });
    if (!paid) return { paid: false, couponRedeemed: null };
    let couponRedeemed: boolean | null = null;
    if (order.couponCode) {
      couponRedeemed = await redeemCoupon(tx, {
        code: order.couponCode,
        orderId: order.id,
        discountCents: order.discountCents,
      });
      if (!couponRedeemed) {
        // The buyer already paid the discounted price: honour it, and leave a note for the team.
        await addOrderEvent(
          tx,
          order.id,
          'paid',
          `Coupon ${order.couponCode} had reached its usage limit when the payment arrived; the discount was honoured.`,
        );
      }
    }
    const queue = options.fulfilmentQueues[order.kind as OrderKind];
    if (queue) await jobs.enqueue(queue, { orderId: order.id }, { executor: sqlExecutorOf(tx) });
    return { paid: true, couponRedeemed };
  }

  async function apply(tx: Db, providerName: string, event: PaymentEvent): Promise<WebhookOutcome> {
    if (event.type === 'ignored') return 'ignored';
    const orderId =
      event.orderId ?? (event.sessionId ? await findOrderByPaymentSession(tx, providerName, event.sessionId) : null);
    const order = orderId ? await lockOrder(tx, orderId) : null;
    if (!order) return 'unknown_order';
    // An event about another session of this order (an older checkout) changes nothing but a paid one.
    const otherSession = Boolean(
      order.paymentSessionId && event.sessionId && order.paymentSessionId !== event.sessionId,
    );

    if (event.type === 'expired') {
      if (otherSession || order.status !== 'pending_payment') return 'stale';
      await transitionOrder(tx, order.id, {
        from: ['pending_payment'],
        to: 'expired',
        message: 'The checkout closed before payment.',
      });
      return 'expired';
    }

    if (!PAYABLE.includes(order.status as OrderStatus)) return 'already_paid';
    if (event.amountCents !== undefined && event.amountCents !== order.totalCents) {
      logger.warn({ orderId: order.id, paid: event.amountCents, total: order.totalCents }, 'paid amount differs');
      await addOrderEvent(
        tx,
        order.id,
        order.status as OrderStatus,
        `The provider reported ${event.amountCents} cents paid for a total of ${order.totalCents} cents.`,
      );
    }
    await settlePaid(tx, order, { provider: providerName, paymentRef: event.paymentRef ?? null });
    return 'paid';
  }

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
      const result = await apply(tx, providerName, event);
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

    settlePaid,

    async refund(order) {
      if (!order.paymentRef || order.paymentProvider !== provider.name) return null;
      return provider.refund(order.paymentRef, order.totalCents, `refund-${order.id}`);
    },
  };
}
