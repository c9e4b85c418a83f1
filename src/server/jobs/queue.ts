import PgBoss from 'pg-boss';
import type { Database, SqlExecutor } from '../db/client.ts';
import type { Logger } from '../logger.ts';

/** How jobs are polled and retried; tests shorten the waits. */
export interface JobSettings {
  readonly pollingIntervalSeconds: number;
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
  readonly retryBackoff: boolean;
  /** False: jobs are queued but this process runs no workers (tests that drive steps themselves). */
  readonly workers: boolean;
}

/** Four tries in all: about 30 s, 1 min and 2 min apart (jittered), then the dead-letter queue. */
export const DEFAULT_JOB_SETTINGS: JobSettings = {
  pollingIntervalSeconds: 2,
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  workers: true,
};

/** Every queue of the store; a queue's dead letters go to `<name>.failed`. */
export const QUEUES = {
  esimProvision: 'esim.provision',
  esimProvisionFailed: 'esim.provision.failed',
  /** Periodic: cancels unpaid orders whose payment session has run out. */
  ordersCancelUnpaid: 'orders.cancel-unpaid',
  /** A payment provider event (sandbox) delivered to our webhook, retried until acknowledged. */
  paymentsDeliverEvent: 'payments.deliver-event',
  /** Periodic: settles orders whose session the provider reports paid (a lost webhook). */
  paymentsReconcile: 'payments.reconcile',
  /** Periodic: sends outbox mail that has not gone out yet. */
  mailRetry: 'mail.retry',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const DEAD_LETTERS: Partial<Record<QueueName, QueueName>> = {
  [QUEUES.esimProvision]: QUEUES.esimProvisionFailed,
};

function boss(database: Database): PgBoss {
  // pg-boss runs on our own connection (PGlite or the pool): one database, no second client.
  return new PgBoss({ db: database.sql as PgBoss.Db, schedule: true, supervise: true, migrate: true });
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

/** Installs pg-boss's schema and our queues (part of preparing a database, like migrations). */
export async function installJobSchema(database: Database) {
  const instance = boss(database);
  await instance.start();
  await createQueues(instance);
  await instance.stop({ graceful: false, close: false });
}

export interface JobQueue {
  /** Queues a job; with `executor` (a transaction's), the job exists only if that transaction commits. */
  enqueue(queue: QueueName, data: object, options?: { executor?: SqlExecutor }): Promise<void>;
  /** Runs `handler` for each job of the queue (one at a time per worker); a throw means a retry. */
  work<T extends object>(queue: QueueName, handler: (data: T) => Promise<void>): Promise<void>;
  /** Queues a job on `cron` (pg-boss's clock, shared through the database: one job per tick across instances). */
  schedule(queue: QueueName, cron: string, data?: object): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobQueue(database: Database, logger: Logger, settings: JobSettings): Promise<JobQueue> {
  const instance = boss(database);
  instance.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await instance.start();
  await createQueues(instance);
  let stopped = false;

  return {
    async enqueue(queue, data, options = {}) {
      await instance.send(queue, data, {
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: settings.retryBackoff,
        ...(DEAD_LETTERS[queue] ? { deadLetter: DEAD_LETTERS[queue] } : {}),
        ...(options.executor ? { db: options.executor as PgBoss.Db } : {}),
      });
    },
    async work(queue, handler) {
      if (!settings.workers) return;
      await instance.work<object>(queue, { pollingIntervalSeconds: settings.pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never);
          } catch (error) {
            logger.warn({ err: error, queue, jobId: job.id }, 'job failed; pg-boss will retry or dead-letter it');
            throw error;
          }
        }
      });
    },
    async schedule(queue, cron, data = {}) {
      await instance.schedule(queue, cron, data, { retryLimit: 0 });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Lets a running job finish (or fail back to the queue) before the database closes.
      await instance.stop({ graceful: true, close: false, timeout: 10_000 });
    },
  };
}
