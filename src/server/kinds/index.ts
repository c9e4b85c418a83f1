import type { Db } from '../db/client.ts';
import type { CheckProvider } from '../integrations/checks/types.ts';
import type { UnlockSupplier } from '../integrations/suppliers/types.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { EsimProvisioning } from '../modules/esim/fulfilment.ts';
import type { EsimService } from '../modules/esim/service.ts';
import type { Mailer } from '../modules/mail/service.ts';
import type { PaymentsService } from '../modules/payments/service.ts';
import type { CheckProductId } from '../../domain/device-checks.ts';
import type { DeviceServiceId } from '../../domain/device-services.ts';
import type { QuoteEngine } from '../modules/quotes/service.ts';
import type { UnlockBackoff } from '../workflows/fulfillers/unlock.ts';
import { checkKind } from './check.ts';
import { deviceServiceKind } from './device-service.ts';
import { esimKind } from './esim.ts';
import { type OrderKinds } from './kind.ts';
import { licenseKind } from './license.ts';
import { sampleKind } from './sample.ts';
import { unlockKind } from './unlock.ts';

export { kindOf, ordersOfDevice, type OrderKinds, type ServerOrderKind } from './kind.ts';

/** The server's kind registry (ADR 068): one line per kind of order the store sells. */
export function createOrderKinds(deps: {
  db: Db;
  esim: EsimService;
  esimProvisioning: EsimProvisioning;
  payments: PaymentsService;
  mailer: Mailer;
  jobs: JobQueue;
  logger: Logger;
  publicUrl: string;
  unlockSupplier: UnlockSupplier;
  unlockBackoff?: UnlockBackoff;
  checkProvider: CheckProvider;
  /** The check provider's service of each check product (CHECKS_SERVICE_IDS). */
  checkServices: Readonly<Record<CheckProductId, string | null>>;
  quotes: QuoteEngine;
  /** Each device service's supplier tools, best first (DEVICE_SERVICE_TOOLS). */
  deviceServiceTools: Readonly<Record<DeviceServiceId, readonly string[]>>;
}): OrderKinds {
  return {
    esim: esimKind({ ...deps, provisioning: deps.esimProvisioning }),
    unlock: unlockKind({ ...deps, supplier: deps.unlockSupplier, backoff: deps.unlockBackoff }),
    check: checkKind({ ...deps, provider: deps.checkProvider }),
    device_service: deviceServiceKind({ ...deps, supplier: deps.unlockSupplier, backoff: deps.unlockBackoff }),
    license: licenseKind(deps),
    sample: sampleKind(deps),
  };
}
