import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../modules/mail/service.ts';
import type { PaymentsService } from '../modules/payments/service.ts';
import type { OrderKinds } from '../kinds/index.ts';

/** What the business processes work with: the modules' services and the job queue. */
export interface WorkflowDeps {
  readonly db: Db;
  readonly payments: PaymentsService;
  readonly jobs: JobQueue;
  readonly mailer: Mailer;
  readonly logger: Logger;
  readonly publicUrl: string;
  /** The kind registry: each kind's fulfiller, answer and periodic work (ADR 068). */
  readonly kinds: OrderKinds;
}
