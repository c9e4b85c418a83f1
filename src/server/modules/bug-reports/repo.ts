import { asc, desc, eq, inArray, lt, and } from 'drizzle-orm';
import type { BugStatus } from '../../../domain/bug-report.ts';
import type { Db } from '../../db/client.ts';
import { bugReportScreenshots, bugReports } from '../../db/schema.ts';

export type BugReportRow = typeof bugReports.$inferSelect;
export type ScreenshotRow = typeof bugReportScreenshots.$inferSelect;

/** The report and its screenshots' rows together, or neither. */
export async function insertBugReport(
  db: Db,
  report: typeof bugReports.$inferInsert,
  screenshots: readonly Omit<ScreenshotRow, 'reportId'>[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(bugReports).values(report);
    if (screenshots.length > 0) {
      await tx.insert(bugReportScreenshots).values(screenshots.map((shot) => ({ ...shot, reportId: report.id })));
    }
  });
}

/** Newest first, each with its screenshots in the order attached. */
export async function listBugReports(
  db: Db,
  options: { limit: number; before?: Date },
): Promise<(BugReportRow & { screenshots: ScreenshotRow[] })[]> {
  const reports = await db
    .select()
    .from(bugReports)
    .where(options.before ? lt(bugReports.createdAt, options.before) : undefined)
    .orderBy(desc(bugReports.createdAt), desc(bugReports.id))
    .limit(options.limit);
  if (reports.length === 0) return [];
  const shots = await db
    .select()
    .from(bugReportScreenshots)
    .where(
      inArray(
        bugReportScreenshots.reportId,
        reports.map((report) => report.id),
      ),
    )
    .orderBy(asc(bugReportScreenshots.position));
  return reports.map((report) => ({ ...report, screenshots: shots.filter((shot) => shot.reportId === report.id) }));
}

export async function findScreenshot(db: Db, reportId: string, position: number): Promise<ScreenshotRow | null> {
  const [row] = await db
    .select()
    .from(bugReportScreenshots)
    .where(and(eq(bugReportScreenshots.reportId, reportId), eq(bugReportScreenshots.position, position)));
  return row ?? null;
}

/** Sets a report's status; answers the status it had, or null when there is no such report. */
export async function updateBugStatus(db: Db, id: string, status: BugStatus): Promise<BugStatus | null> {
  const [before] = await db
    .select({ status: bugReports.status })
    .from(bugReports)
    .where(eq(bugReports.id, id))
    .for('update');
  if (!before) return null;
  await db.update(bugReports).set({ status }).where(eq(bugReports.id, id));
  return before.status;
}
