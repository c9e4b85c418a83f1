import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type RetentionKind, retentionCutoff } from '../../../domain/retention.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import * as repo from './repo.ts';

/** Rows deleted per statement, so one run never holds a long lock or a huge transaction. */
const BATCH = 500;

export type RetentionReport = Record<RetentionKind, number>;

/** Deletes, batch by batch, the rows `selectIds` names; answers how many went. */
async function inBatches(selectIds: () => Promise<string[]>, remove: (ids: string[]) => Promise<void>) {
  let deleted = 0;
  for (;;) {
    const ids = await selectIds();
    if (ids.length === 0) return deleted;
    await remove(ids);
    deleted += ids.length;
    if (ids.length < BATCH) return deleted;
  }
}

/**
 * The `privacy.retention` job (daily, ADR 083): deletes what the privacy page says is kept for a
 * limited time, each after its period in RETENTION (src/domain/retention.ts): orders past 7 years
 * (with their items, steps, keys, plans and share links), quotes never ordered, expired sign-in
 * sessions and verification links, copies of sent mail, bug reports with their screenshot files,
 * service requests, handled payment events and the sandbox's old sessions.
 */
export async function applyRetention(
  deps: { readonly db: Db; readonly dataDir: string; readonly logger: Logger },
  now = new Date(),
): Promise<RetentionReport> {
  const { db } = deps;
  const before = (kind: RetentionKind) => retentionCutoff(kind, now);
  const report: RetentionReport = {
    orders: await inBatches(
      () => repo.selectOldOrderIds(db, before('orders'), BATCH),
      (ids) => repo.deleteOrders(db, ids),
    ),
    quotes: await inBatches(
      () => repo.selectUnorderedQuoteIds(db, before('quotes'), BATCH),
      (ids) => repo.deleteQuotes(db, ids),
    ),
    sessions: await repo.deleteExpiredSessions(db, before('sessions')),
    sentMail: await inBatches(
      () => repo.selectOldMailIds(db, before('sentMail'), BATCH),
      (ids) => repo.deleteMail(db, ids),
    ),
    bugReports: await inBatches(
      () => repo.selectOldBugReportIds(db, before('bugReports'), BATCH),
      async (ids) => {
        await repo.deleteBugReports(db, ids);
        // The rows first: a crash in between leaves files no row names, never a row without its files.
        for (const id of ids)
          await rm(join(resolve(deps.dataDir), 'bug-reports', id), { recursive: true, force: true });
      },
    ),
    serviceRequests: await inBatches(
      () => repo.selectOldServiceRequestIds(db, before('serviceRequests'), BATCH),
      (ids) => repo.deleteServiceRequests(db, ids),
    ),
    supportConversations: await inBatches(
      () => repo.selectOldConversationIds(db, before('supportConversations'), BATCH),
      (ids) => repo.deleteConversations(db, ids),
    ),
    paymentEvents: await repo.deleteHandledPaymentEvents(db, before('paymentEvents')),
    sandboxPayments: await repo.deleteSandboxSessions(db, before('sandboxPayments')),
  };
  const total = Object.values(report).reduce((sum, count) => sum + count, 0);
  if (total > 0) deps.logger.info({ deleted: report }, 'retention: deleted what was kept long enough');
  return report;
}
