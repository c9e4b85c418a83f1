import type { Mailer } from '../modules/mail/service.ts';
import { JOB_WORK_BUDGET_MS, type JobQueue, QUEUES } from './queue.ts';

/** `mail.retry`, every minute (one tick across all instances): sends outbox mail whose earlier try failed. */
export async function registerMailJobs(jobs: JobQueue, mailer: Mailer) {
  await jobs.work(QUEUES.mailRetry, () => mailer.retryDue(new Date(), JOB_WORK_BUDGET_MS));
  await jobs.schedule(QUEUES.mailRetry, '* * * * *');
}
