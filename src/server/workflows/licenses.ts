import { type KeyImportReport, LICENSE_MESSAGES } from '../../domain/licenses.ts';
import { type Db, inTransaction } from '../db/client.ts';
import { backInStockEmail } from '../emails/license-emails.ts';
import { QUEUES } from '../jobs/queue.ts';
import {
  endWait,
  type LicenseService,
  openWaits,
  retireKeysForRefund,
  takeStockAlerts,
} from '../modules/licenses/service.ts';
import { findOrder } from '../modules/orders/service.ts';
import type { WorkflowDeps } from './deps.ts';
import { claimOrWait } from './fulfillers/license.ts';
import { queueFulfilment } from './fulfil-order.ts';
import { refundOrder } from './refund-order.ts';

/** How many waiting orders one run looks at. */
const WAITS_PER_RUN = 500;

/**
 * The license orders waiting for stock, oldest payment first (`licenses.fill-waiting`, every
 * minute and after each import):
 * 1. a wait whose order is no longer paid (refunded by the team) is closed;
 * 2. one past its refund time is refunded in full, its wait closed in the refund's claim;
 * 3. any other claims its keys (all or none; an order paid earlier for the same product goes
 *    first) and, filled, gets its delivery job in the same transaction.
 * Answers how many were filled and refunded.
 */
export async function fillWaitingLicenseOrders(
  deps: Pick<WorkflowDeps, 'db' | 'jobs' | 'kinds' | 'payments' | 'logger'>,
  now = new Date(),
): Promise<{ filled: number; refunded: number }> {
  let filled = 0;
  let refunded = 0;
  for (const wait of await openWaits(deps.db, WAITS_PER_RUN)) {
    const order = await findOrder(deps.db, wait.orderId);
    if (order?.status !== 'paid') {
      await endWait(deps.db, wait.orderId);
      continue;
    }
    if (wait.refundBy <= now) {
      const result = await refundOrder(
        deps,
        order.id,
        () => LICENSE_MESSAGES.expired(order.totalCents),
        (tx) => retireKeysForRefund(tx, order.id),
      );
      if (result) refunded += 1;
      continue;
    }
    const claimed = await inTransaction(deps.db, async (tx) => {
      if (!(await claimOrWait(tx, order, wait.since, false))) return false;
      await queueFulfilment(deps, tx, order.id);
      return true;
    });
    if (claimed) filled += 1;
  }
  return { filled, refunded };
}

/**
 * An admin's import of keys (ADR 079): the keys stored (the report says what was refused), then
 * the orders waiting for stock filled at once, then everyone who asked to hear when a product that
 * got keys is back told once. `within` runs in the import's transaction (its audit event).
 */
export async function importLicenseKeys(
  deps: Pick<WorkflowDeps, 'db' | 'jobs' | 'mailer' | 'publicUrl'> & { readonly licenses: LicenseService },
  csv: string,
  within?: (tx: Db, report: KeyImportReport) => Promise<void>,
): Promise<KeyImportReport> {
  const report = await deps.licenses.importKeys(csv, within);
  if (report.imported === 0) return report;
  await deps.jobs.enqueue(QUEUES.licensesFillWaiting, {});
  for (const slug of Object.keys(report.by_product)) {
    const product = await deps.licenses.product(slug);
    if (!product) continue;
    const alerts = await inTransaction(deps.db, (tx) => takeStockAlerts(tx, slug));
    for (const alert of alerts) {
      await deps.mailer.send(backInStockEmail(alert.email, product, deps.publicUrl), {
        onceKey: `license-alert:${alert.id}`,
      });
    }
  }
  return report;
}
