import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.ts';
import { type JobQueue, QUEUES } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';

/** How long a swept event waits for its queued delivery before another sweep may queue it again. */
const SWEEP_LEASE_MS = 10 * 60_000;
/** Events queued per sweep; the rest go on the next one. */
const SWEEP_LIMIT = 500;
/** How long the buyer's Pay click waits for the first delivery; a slower one finishes in the background. */
export const FIRST_DELIVERY_WAIT_MS = 3_000;

export interface DeliverEventJob {
  readonly eventId: string;
}

/**
 * The sandbox's outgoing webhook events, delivered the way Stripe delivers its own: stored when
 * the session closes, posted to our webhook route, retried with backoff until acknowledged.
 */
export interface SandboxEventDelivery {
  /**
   * The first attempt, while the buyer waits on the pay page (at most `FIRST_DELIVERY_WAIT_MS`);
   * a refused event goes to the queue. True when acknowledged within the wait.
   */
  deliverNow(eventId: string): Promise<boolean>;
  /** The `payments.deliver-event` job: one attempt; a refusal throws, so pg-boss retries it with backoff. */
  deliverQueued(job: DeliverEventJob): Promise<void>;
  /** Queues every event whose next attempt is due: after a crash, a lost job or spent queue retries. */
  queueDue(now?: Date): Promise<number>;
}

export function sandboxEventDelivery(deps: {
  sandbox: SandboxPaymentProvider;
  jobs: JobQueue;
  logger: Logger;
}): SandboxEventDelivery {
  const { sandbox, jobs, logger } = deps;
  const queue = (eventId: string) => jobs.enqueue(QUEUES.paymentsDeliverEvent, { eventId } satisfies DeliverEventJob);

  return {
    async deliverNow(eventId) {
      const attempt = (async () => {
        if (await sandbox.deliverEvent(eventId)) return true;
        logger.warn({ eventId }, 'the sandbox payment event was refused; it will be delivered again');
        await queue(eventId);
        return false;
      })();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'waited'>((resolve) => {
        timer = setTimeout(() => resolve('waited'), FIRST_DELIVERY_WAIT_MS);
      });
      try {
        const first = await Promise.race([attempt, waited]);
        if (first !== 'waited') return first;
      } finally {
        clearTimeout(timer);
      }
      // Still running: it records its own outcome; the sweep covers it if the process dies meanwhile.
      attempt.catch((error: unknown) => logger.warn({ err: error, eventId }, 'a slow sandbox delivery failed'));
      return false;
    },

    async deliverQueued({ eventId }) {
      if (!(await sandbox.deliverEvent(eventId))) throw new Error(`sandbox payment event ${eventId} was refused`);
    },

    async queueDue(now = new Date()) {
      const due = await sandbox.dueEvents({ now, leaseMs: SWEEP_LEASE_MS, limit: SWEEP_LIMIT });
      for (const eventId of due) await queue(eventId);
      if (due.length > 0) logger.info({ events: due.length }, 'undelivered sandbox payment events queued');
      return due.length;
    },
  };
}
