import { SupplierAccountError, type UnlockSupplier } from '../integrations/suppliers/types.ts';
import type { CheckProvider } from '../integrations/checks/types.ts';
import type { Db } from '../db/client.ts';
import { syncCheckProvider } from '../modules/checks/service.ts';
import { SUPPLIER_LOW_CREDIT_CENTS } from '../../domain/admin.ts';
import type { Logger } from '../logger.ts';
import type { QuoteEngine } from '../modules/quotes/service.ts';
import { type JobQueue, QUEUES } from './queue.ts';

/** Every hour (one run per hour across instances), at minute 7 so it does not meet the other hourly work. */
export const SUPPLIER_SYNC_CRON = '7 * * * *';

export { SUPPLIER_LOW_CREDIT_CENTS };

/**
 * One sync: the account first (bad credentials or no credit are logged at error level: someone
 * must act), then the supplier's service list into the catalogue.
 */
export async function syncSupplier(supplier: UnlockSupplier, quotes: QuoteEngine, logger: Logger) {
  try {
    const account = await supplier.accountInfo();
    await quotes.recordSupplierCredit(account);
    if (account.creditCents < SUPPLIER_LOW_CREDIT_CENTS) {
      logger.warn({ supplier: supplier.id, ...account }, 'the unlock supplier credit is low: top the account up');
    } else {
      logger.info({ supplier: supplier.id, ...account }, 'unlock supplier account');
    }
  } catch (error) {
    if (error instanceof SupplierAccountError) {
      logger.error({ err: error, supplier: supplier.id }, 'the unlock supplier refused our account');
    }
    throw error;
  }
  const result = await quotes.importSupplierServices();
  logger.info(result, 'unlock supplier services imported');
  return result;
}

/** `suppliers.sync`: keeps supplier_tools as the supplier lists its services (docs/suppliers.md). */
export async function registerSupplierJobs(
  jobs: JobQueue,
  supplier: UnlockSupplier,
  quotes: QuoteEngine,
  logger: Logger,
) {
  await jobs.work(QUEUES.suppliersSync, async () => {
    await syncSupplier(supplier, quotes, logger);
  });
  await jobs.schedule(QUEUES.suppliersSync, SUPPLIER_SYNC_CRON);
}

/** Every hour at minute 17: the check provider's balance and prices (docs/operations.md). */
export const CHECKS_SYNC_CRON = '17 * * * *';

/** `checks.sync`: keeps the check provider's balance and service costs (the admin's margins and alerts). */
export async function registerCheckProviderJobs(jobs: JobQueue, db: Db, provider: CheckProvider, logger: Logger) {
  await jobs.work(QUEUES.checksSync, async () => {
    logger.debug(await syncCheckProvider(db, provider, logger), 'check provider synced');
  });
  await jobs.schedule(QUEUES.checksSync, CHECKS_SYNC_CRON);
}
