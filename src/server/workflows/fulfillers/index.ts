import type { Db } from '../../db/client.ts';
import type { UnlockSupplier } from '../../integrations/suppliers/types.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { EsimProvisioning } from '../../modules/esim/fulfilment.ts';
import type { Mailer } from '../../modules/mail/service.ts';
import type { PaymentsService } from '../../modules/payments/service.ts';
import { esimFulfiller } from './esim.ts';
import type { Fulfillers } from './fulfiller.ts';
import { type UnlockBackoff, unlockFulfiller } from './unlock.ts';

export type { Fulfiller, Fulfillers } from './fulfiller.ts';

/** One fulfiller per order kind the store sells: the one place a new kind is registered. */
export function createFulfillers(deps: {
  db: Db;
  esim: EsimProvisioning;
  payments: PaymentsService;
  mailer: Mailer;
  jobs: JobQueue;
  logger: Logger;
  publicUrl: string;
  unlockSupplier?: UnlockSupplier;
  unlockBackoff?: UnlockBackoff;
}): Fulfillers {
  const { unlockSupplier } = deps;
  return {
    esim: esimFulfiller({ ...deps, provisioning: deps.esim }),
    ...(unlockSupplier
      ? { unlock: unlockFulfiller({ ...deps, supplier: unlockSupplier, backoff: deps.unlockBackoff }) }
      : {}),
  };
}
