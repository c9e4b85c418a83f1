import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { EsimProvisioning } from '../../modules/esim/fulfilment.ts';
import type { Mailer } from '../../modules/mail/service.ts';
import type { PaymentsService } from '../../modules/payments/service.ts';
import { esimFulfiller } from './esim.ts';
import type { Fulfillers } from './fulfiller.ts';

export type { Fulfiller, Fulfillers } from './fulfiller.ts';

/** One fulfiller per order kind the store sells: the one place a new kind is registered. */
export function createFulfillers(deps: {
  db: Db;
  esim: EsimProvisioning;
  payments: PaymentsService;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}): Fulfillers {
  return {
    esim: esimFulfiller({ ...deps, provisioning: deps.esim }),
  };
}
