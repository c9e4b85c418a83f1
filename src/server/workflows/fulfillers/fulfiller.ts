import type { Db } from '../../db/client.ts';
import type { QueueName } from '../../jobs/queue.ts';
import type { Order } from '../../modules/orders/service.ts';

/**
 * Delivers paid orders of one kind: its kind's entry in the server registry (server/kinds, ADR 068)
 * holds it; checkout, payment, refunds and the job chains are shared (ADR 067).
 */
export interface Fulfiller {
  /** The job queue its deliveries run on (retried with backoff)… */
  readonly queue: QueueName;
  /** …and where a delivery that used up its retries lands, to be given up. */
  readonly deadLetterQueue: QueueName;
  /**
   * Delivers the order if it is paid and not delivered yet; safe to run again. A throw means a
   * retry. It starts no new work past `budgetMs`; `remaining` asks for another run (ADR 024),
   * `afterSeconds` from now (a supplier polled with backoff), or at once.
   */
  fulfil(orderId: string, options?: { budgetMs?: number }): Promise<FulfilStep>;
  /**
   * The payment was recorded, in its transaction (before the first delivery job is queued in it):
   * what the kind checks or claims then (an unlock's one paid order per IMEI).
   */
  onPaid?(tx: Db, order: Order): Promise<void>;
  /**
   * After the last retry: the order fails visibly (state and event), its payment goes back, the
   * buyer is told. `remaining` hands what is left (a refund to make) to a new job chain.
   */
  giveUp(orderId: string): Promise<FulfilStep>;
  /**
   * A kind whose own process refunds (ADR 072): whether the store may refund the order now, at an
   * admin's word, and the start of that refund in the caller's transaction (true when it started;
   * a new job chain then carries it). Without these, the shared refund (refund-order.ts) is used.
   */
  readonly storeRefund?: {
    allowed(orderId: string): Promise<boolean>;
    start(tx: Db, orderId: string, reason: string): Promise<boolean>;
  };
  /**
   * A kind whose delivered goods can be taken back only under a rule (a license key not yet
   * revealed): whether the store may refund now, and what the refund's claim does in its
   * transaction (the keys retired); the shared refund is used, with these.
   */
  readonly refundRule?: {
    allowed(orderId: string): Promise<boolean>;
    claim(tx: Db, orderId: string): Promise<void>;
    /** Why the rule refuses a refund, in words for the admin (a license: when its key was revealed); null if it does not. */
    refusal?(orderId: string): Promise<string | null>;
  };
  /**
   * A kind whose process works through a plan of supplier services: the service an admin's
   * reroute would move the order to (null: none, or not with a supplier), and that move in the
   * caller's transaction (true when it won; a new job chain then carries the order on).
   */
  readonly storeReroute?: {
    next(orderId: string): Promise<string | null>;
    start(tx: Db, orderId: string, message: string): Promise<boolean>;
  };
}

/** What one run of a fulfiller leaves to do. */
export interface FulfilStep {
  readonly remaining: boolean;
  readonly afterSeconds?: number;
}
