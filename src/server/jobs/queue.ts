import PgBoss from 'pg-boss';
import type { Database, SqlExecutor } from '../db/client.ts';
import { currentRequestId, type Logger, withRequestLogger } from '../logger.ts';
import { isDatabaseAway, noteDatabaseAway } from '../process-faults.ts';

/** Where a job's data carries the id of the request that queued it. */
const REQUEST_ID_KEY = 'requestId';

/** How jobs are polled, run and retried; tests shorten the waits. */
export interface JobSettings {
  /** How long an idle queue waits before looking again; a queue that found work looks again at once. */
  readonly pollingIntervalSeconds: number;
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
  readonly retryBackoff: boolean;
  /** Jobs of one queue this process runs at the same time. */
  readonly concurrency: number;
  /**
   * A job still active this long after it started is taken for dead (its process was killed)
   * and retried. Every handler keeps its own work well inside it (see `JOB_WORK_BUDGET_MS`).
   */
  readonly expireInSeconds: number;
  /** How often pg-boss looks for expired jobs (one instance does it for all). */
  readonly maintenanceIntervalSeconds: number;
  /** False: jobs are queued but this process runs no workers (tests that drive steps themselves). */
  readonly workers: boolean;
}

/**
 * Four tries in all, about 10 s, 20 s and 40 s apart (jittered up to double), then the dead-letter
 * queue. A killed worker's job is expired within 20 s, noticed within 5 s more and retried after
 * the first delay: back at work well within a minute (ADR 024).
 */
export const DEFAULT_JOB_SETTINGS: JobSettings = {
  pollingIntervalSeconds: 2,
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  concurrency: 8,
  expireInSeconds: 20,
  maintenanceIntervalSeconds: 5,
  workers: true,
};

/**
 * How long one job may keep starting new work (e.g. provisioning the next eSIM of a big order):
 * a quarter of the default expiry, so the last step it starts has time to finish.
 */
export const JOB_WORK_BUDGET_MS = 5_000;

/** Every queue of the store; a queue's dead letters go to `<name>.failed`. */
export const QUEUES = {
  esimProvision: 'esim.provision',
  esimProvisionFailed: 'esim.provision.failed',
  /** The test suite's sample kind (ADR 068): delivered in one step. */
  sampleDeliver: 'sample.deliver',
  sampleDeliverFailed: 'sample.deliver.failed',
  /** One step of a paid device check: submit it to the check provider, or look at it again. */
  checkRun: 'check.run',
  checkRunFailed: 'check.run.failed',
  /** Delivers a paid license order: its keys were claimed at payment; it is marked delivered. */
  licenseDeliver: 'license.deliver',
  licenseDeliverFailed: 'license.deliver.failed',
  /** Periodic, and after each import: fills orders waiting for stock, refunds those waited too long. */
  licensesFillWaiting: 'licenses.fill-waiting',
  /** One step of an unlock: submit to the current tool, or poll it (delayed by the backoff). */
  unlockFulfil: 'unlock.fulfil',
  unlockFulfilFailed: 'unlock.fulfil.failed',
  /** One step of a device service (iCloud or FRP lock removal): the unlock's steps on its own queue. */
  serviceFulfil: 'device-service.fulfil',
  serviceFulfilFailed: 'device-service.fulfil.failed',
  /** Periodic: reroutes or refunds unlocks past their guaranteed time. */
  unlockGuarantee: 'unlock.guarantee',
  /** Periodic: starts again the fulfilment chains of orders whose jobs were lost. */
  ordersReviveFulfilment: 'orders.revive-fulfilment',
  /** Periodic: cancels unpaid orders whose payment session has run out. */
  ordersCancelUnpaid: 'orders.cancel-unpaid',
  /** A payment provider event (sandbox) delivered to our webhook, retried until acknowledged. */
  paymentsDeliverEvent: 'payments.deliver-event',
  /** Periodic: settles orders whose session the provider reports paid (a lost webhook). */
  paymentsReconcile: 'payments.reconcile',
  /** Periodic: sends outbox mail that has not gone out yet. */
  mailRetry: 'mail.retry',
  /** Periodic: imports the unlock supplier's service list into the catalogue. */
  suppliersSync: 'suppliers.sync',
  /** Periodic: reads the check provider's balance and service prices. */
  checksSync: 'checks.sync',
  /** Periodic: hands order events not yet relayed to their subscribers (a lost NOTIFY). */
  orderEventsRelay: 'order.events.relay',
  /** The mail subscriber: the email (if any) one order event sends (ADR 069). */
  orderEventMail: 'order.event.mail',
  /** One order email a job sends: the confirmation after payment, the delay notice at the average time. */
  orderEmail: 'order.email',
  /** Daily: deletes what is kept for a limited time (src/domain/retention.ts). */
  privacyRetention: 'privacy.retention',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const DEAD_LETTERS: Partial<Record<QueueName, QueueName>> = {
  [QUEUES.esimProvision]: QUEUES.esimProvisionFailed,
  [QUEUES.sampleDeliver]: QUEUES.sampleDeliverFailed,
  [QUEUES.unlockFulfil]: QUEUES.unlockFulfilFailed,
  [QUEUES.checkRun]: QUEUES.checkRunFailed,
  [QUEUES.licenseDeliver]: QUEUES.licenseDeliverFailed,
  [QUEUES.serviceFulfil]: QUEUES.serviceFulfilFailed,
};

/**
 * Queues whose one step may wait on a remote party longer than an ordinary job: their jobs expire
 * this many times later (an unlock step may wait a supplier's whole timeout, DHRU_TIMEOUT_MS).
 */
const EXPIRY_FACTOR: Partial<Record<QueueName, number>> = {
  [QUEUES.unlockFulfil]: 3,
  [QUEUES.serviceFulfil]: 3,
};

function boss(database: Database, options: { migrate: boolean; maintenanceIntervalSeconds?: number }): PgBoss {
  // pg-boss runs on our own connection (PGlite or the pool): one database, no second client.
  return new PgBoss({
    db: database.sql as PgBoss.Db,
    schedule: true,
    supervise: true,
    migrate: options.migrate,
    ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
  });
}

async function createQueues(instance: PgBoss) {
  for (const name of Object.values(QUEUES)) {
    const deadLetter = DEAD_LETTERS[name];
    // Dead-letter queues first: a queue may only name one that exists.
    if (!deadLetter) await instance.createQueue(name);
  }
  for (const [name, deadLetter] of Object.entries(DEAD_LETTERS)) {
    await instance.createQueue(name, { name, deadLetter });
  }
}

/**
 * Installs or migrates pg-boss's schema and creates our queues: part of preparing a database, so
 * it runs under the start-up lock. No other step migrates pg-boss.
 */
export async function installJobSchema(database: Database) {
  const instance = boss(database, { migrate: true });
  await instance.start();
  await createQueues(instance);
  await instance.stop({ graceful: false, close: false });
}

export interface JobQueue {
  /**
   * Queues a job; with `executor` (a transaction's), the job exists only if that transaction commits;
   * with `afterSeconds`, no worker takes it before then (a poll that waits holds no worker).
   */
  enqueue(queue: QueueName, data: object, options?: { executor?: SqlExecutor; afterSeconds?: number }): Promise<void>;
  /**
   * Runs `handler` for the queue's jobs, up to `concurrency` at once in this process; a throw
   * means a retry. Each job is completed or failed on its own as soon as its handler settles.
   */
  work<T extends object>(queue: QueueName, handler: (data: T) => Promise<void>): Promise<void>;
  /** Queues a job on `cron` (pg-boss's clock, shared through the database: one job per tick across instances). */
  schedule(queue: QueueName, cron: string, data?: object): Promise<void>;
  /**
   * Dead letters whose own handler failed for good since `since`, newest first: the order they
   * carry was neither fulfilled nor given up, and waits on a person (the admin's day's work).
   */
  failedDeadLetters(since: Date, limit: number): Promise<FailedDeadLetter[]>;
  /** The queue takes and hands out jobs: not stopping, and its tables answer. */
  ready(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface FailedDeadLetter {
  readonly queue: string;
  readonly orderId: string | null;
  readonly failedAt: Date;
  readonly message: string | null;
}

/** pg-boss keeps a job in `job`, then in `archive` (after 12 hours, for 7 days): both are read. */
async function selectFailedDeadLetters(database: Database, since: Date, limit: number): Promise<FailedDeadLetter[]> {
  const queues = Object.values(DEAD_LETTERS);
  const select = (table: string) =>
    `SELECT name, data->>'orderId' AS order_id, completed_on, output->>'message' AS message
       FROM pgboss.${table} WHERE state = 'failed' AND name = ANY($1::text[]) AND completed_on >= $2`;
  const { rows } = await database.sql.executeSql(
    `${select('job')} UNION ALL ${select('archive')} ORDER BY completed_on DESC LIMIT $3`,
    [queues, since.toISOString(), limit],
  );
  return (rows as { name: string; order_id: string | null; completed_on: Date | string; message: string | null }[]).map(
    (row) => ({
      queue: row.name,
      orderId: row.order_id,
      failedAt: new Date(row.completed_on),
      message: row.message,
    }),
  );
}

const STOP_GRACE_MS = 10_000;
const CRON_WORKER_SETTLE_MS = 500;

/** Starts pg-boss on a prepared database (`installJobSchema` ran): it checks its schema, never changes it. */
export async function startJobQueue(database: Database, logger: Logger, settings: JobSettings): Promise<JobQueue> {
  const instance = boss(database, { migrate: false, maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds });
  instance.on('error', (error) =>
    isDatabaseAway(error) ? noteDatabaseAway(logger, error) : logger.error({ err: error }, 'job queue error'),
  );
  await instance.start();
  let stopped = false;
  const running = new Set<Promise<void>>();
  const wakers = new Map<QueueName, () => void>();
  const loops: Promise<void>[] = [];

  /**
   * One loop per queue: fetches as many jobs as it has free slots, starts each at once, and looks
   * again as soon as a slot frees; only an empty fetch waits the polling interval (pg-boss's own
   * worker waits it after every fetch and runs a batch as one unit).
   */
  async function runQueue(queue: QueueName, handler: (data: object) => Promise<void>) {
    let active = 0;
    let wake: () => void = () => {};
    const nap = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    wakers.set(queue, () => wake());
    while (!stopped) {
      const free = settings.concurrency - active;
      if (free <= 0) {
        await nap(settings.pollingIntervalSeconds * 1000);
        continue;
      }
      let jobs: PgBoss.Job<object>[] = [];
      try {
        jobs = await instance.fetch<object>(queue, { batchSize: free });
      } catch (error) {
        logger.error({ err: error, queue }, 'fetching jobs failed');
      }
      if (stopped) {
        // Fetched while stopping: back to the queue at once rather than waiting for the expiry.
        if (jobs.length > 0)
          await instance
            .fail(
              queue,
              jobs.map((job) => job.id),
            )
            .catch(() => {});
        break;
      }
      for (const job of jobs) {
        active++;
        const run = (async () => {
          const { [REQUEST_ID_KEY]: requestId, ...data } = job.data as Record<string, unknown>;
          const jobLogger = logger.child({
            ...(typeof requestId === 'string' ? { reqId: requestId } : {}),
            jobId: job.id,
          });
          try {
            await withRequestLogger(jobLogger, () => handler(data));
            await instance.complete(queue, job.id);
          } catch (error) {
            if (isDatabaseAway(error)) noteDatabaseAway(logger, error);
            else logger.warn({ err: error, queue, jobId: job.id }, 'job failed; pg-boss will retry or dead-letter it');
            const message = error instanceof Error ? error.message : String(error);
            await instance.fail(queue, job.id, { message }).catch((failError: unknown) => {
              // With the database away the job's lease expires and it runs again once it is back.
              if (isDatabaseAway(failError)) noteDatabaseAway(logger, failError);
              else
                logger.error(
                  { err: failError, queue, jobId: job.id },
                  'could not record a job failure; it expires instead',
                );
            });
          } finally {
            active--;
            wake();
          }
        })();
        running.add(run);
        void run.finally(() => running.delete(run));
      }
      if (jobs.length === 0) await nap(settings.pollingIntervalSeconds * 1000);
    }
  }

  return {
    async enqueue(queue, data, options = {}) {
      // The request (or the job) that queued it: the job's log lines carry its id (requestId is stripped before the handler).
      const requestId = currentRequestId();
      await instance.send(queue, requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data, {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: settings.retryBackoff,
        expireInSeconds: settings.expireInSeconds * (EXPIRY_FACTOR[queue] ?? 1),
        ...(DEAD_LETTERS[queue] ? { deadLetter: DEAD_LETTERS[queue] } : {}),
        ...(options.executor ? { db: options.executor as PgBoss.Db } : {}),
        ...(options.afterSeconds ? { startAfter: new Date(Date.now() + options.afterSeconds * 1000) } : {}),
      });
      // Outside a transaction the job is visible now: this instance's idle loop need not wait for its poll.
      if (!options.executor && !options.afterSeconds) wakers.get(queue)?.();
    },
    async work(queue, handler) {
      if (!settings.workers || stopped) return;
      loops.push(runQueue(queue, handler as (data: object) => Promise<void>));
    },
    failedDeadLetters: (since, limit) => selectFailedDeadLetters(database, since, limit),
    async ready() {
      if (stopped) return false;
      try {
        await database.sql.executeSql('SELECT 1 FROM pgboss.version LIMIT 1');
        return true;
      } catch {
        return false;
      }
    },
    async schedule(queue, cron, data = {}) {
      await instance.schedule(queue, cron, data, { retryLimit: 0, expireInSeconds: settings.expireInSeconds });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const wake of wakers.values()) wake();
      // Lets running jobs finish before the database closes; one that does not is retried after its expiry.
      const grace = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
      await Promise.race([Promise.all([...running, ...loops]), grace]);
      await instance.stop({ graceful: false, close: false });
      // pg-boss's own cron worker stops after its current batch and does not await its failure
      // path: closing the database under a batch in flight would crash the process.
      await new Promise((resolve) => setTimeout(resolve, CRON_WORKER_SETTLE_MS));
    },
  };
}
