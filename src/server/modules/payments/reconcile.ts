import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { ordersAwaitingPayment, recordPaymentCheck } from '../orders/service.ts';
import { PAYABLE_STATUSES } from '../../../domain/order.ts';
import type { PaymentsService } from './service.ts';

/** A checkout younger than this is left to its webhook, which is normally on its way. */
export const RECONCILE_MIN_AGE_MS = 60_000;
/** Sessions are payable for 24 hours (Stripe's default, the sandbox's); an hour more for late clocks. */
export const RECONCILE_MAX_AGE_MS = 25 * 60 * 60_000;
/**
 * Minutes between two looks at one session: soon after the checkout, when a lost webhook is
 * likeliest, then hourly until the session can no longer be paid (ADR 082). An abandoned checkout
 * is asked about about 28 times in its 25 hours, not 1,440.
 */
export const RECONCILE_BACKOFF_MINUTES = [1, 2, 5, 15, 60] as const;

export function nextReconcileAt(checks: number, now: Date): Date {
  const minutes = RECONCILE_BACKOFF_MINUTES[Math.min(checks, RECONCILE_BACKOFF_MINUTES.length - 1)] ?? 60;
  return new Date(now.getTime() + minutes * 60_000);
}

/** Sessions asked about per run, newest first: their webhooks are the likeliest to be in flight. */
const RECONCILE_LIMIT = 1000;
/** Provider calls at once. */
const CONCURRENCY = 4;

/** The event id a reconciled payment is recorded under; the session's real webhook has its own. */
export const reconcileEventId = (sessionId: string) => `reconcile:${sessionId}`;

/**
 * Settles every order whose checkout the provider reports paid while the order still waits for
 * its payment (a webhook lost or not yet retried). It goes through the webhook's own path, under
 * an event id of its own: the order is paid once, whichever of the two arrives first.
 */
export async function reconcilePayments(
  deps: { db: Db; payments: PaymentsService; logger: Logger },
  now = new Date(),
): Promise<{ checked: number; settled: number }> {
  const { db, payments, logger } = deps;
  const provider = payments.provider;
  const awaiting = await ordersAwaitingPayment(db, {
    provider: provider.name,
    statuses: PAYABLE_STATUSES,
    placedAfter: new Date(now.getTime() - RECONCILE_MAX_AGE_MS),
    placedBefore: new Date(now.getTime() - RECONCILE_MIN_AGE_MS),
    now,
    limit: RECONCILE_LIMIT,
  });
  let settled = 0;
  const next = awaiting[Symbol.iterator]();
  const worker = async () => {
    for (const { orderId, sessionId, checks } of next) {
      try {
        // Counted before the call: a provider that keeps failing for one session is asked less often too.
        await recordPaymentCheck(db, orderId, nextReconcileAt(checks, now));
        const session = await provider.retrieveSession(sessionId);
        if (session?.status !== 'paid') continue;
        const outcome = await payments.applyEvent({
          id: reconcileEventId(sessionId),
          type: 'completed',
          providerType: 'reconciliation',
          sessionId,
          orderId,
          paymentRef: session.paymentRef ?? undefined,
          amountCents: session.amountCents ?? undefined,
        });
        if (outcome === 'paid') {
          settled++;
          logger.warn({ orderId, sessionId }, 'payment settled by reconciliation: its webhook had not arrived');
        }
      } catch (error) {
        // One session the provider cannot answer for does not hold up the others; the next run asks again.
        logger.warn({ err: error, orderId, sessionId }, 'payment reconciliation failed for one session');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { checked: awaiting.length, settled };
}
