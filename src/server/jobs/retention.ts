import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { applyRetention } from '../modules/retention/service.ts';
import { type JobQueue, QUEUES } from './queue.ts';

/** Once a day, at a quiet hour (pg-boss's shared clock: one run across instances). */
export const RETENTION_CRON = '17 3 * * *';

/** The retention job (the privacy page's periods, kept). */
export async function registerRetentionJob(jobs: JobQueue, deps: { db: Db; dataDir: string; logger: Logger }) {
  await jobs.work(QUEUES.privacyRetention, async () => {
    await applyRetention(deps);
  });
  await jobs.schedule(QUEUES.privacyRetention, RETENTION_CRON);
}
