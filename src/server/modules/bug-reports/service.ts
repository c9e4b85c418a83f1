import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  BUG_PRIORITY_LABELS,
  SCREENSHOT_EXTENSIONS,
  adminScreenshotPath,
  checkScreenshot,
  type AdminBugReport,
  type BugReport,
  type ScreenshotType,
} from '../../../domain/bug-report.ts';
import { STORE } from '../../../domain/store-config.ts';
import type { BugStatus } from '../../../domain/bug-report.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { OutgoingMail } from '../../integrations/mail/transport.ts';
import type { Mailer } from '../mail/service.ts';
import * as repo from './repo.ts';

export interface BugReportDeps {
  readonly db: Db;
  readonly mailer: Mailer;
  /** Screenshots are kept under <dataDir>/bug-reports/<report id>/, a place the web server never serves. */
  readonly dataDir: string;
  readonly publicUrl: string;
}

function reportDir(dataDir: string, reportId: string): string {
  return join(resolve(dataDir), 'bug-reports', reportId);
}

function screenshotFile(dataDir: string, reportId: string, position: number, type: ScreenshotType): string {
  return join(reportDir(dataDir, reportId), `${position}.${SCREENSHOT_EXTENSIONS[type]}`);
}

/**
 * Spec section 5, on the server: every screenshot (a file part as it arrived, its name already
 * checked) must be an image of at most 5MB, judged by its bytes. Then the files are written, the
 * report stored, and the support team told.
 */
export async function submitBugReport(
  deps: BugReportDeps,
  report: BugReport,
  files: readonly File[],
): Promise<string> {
  const checked = await Promise.all(
    files.map(async (file) =>
      checkScreenshot({ name: file.name, size: file.size, head: new Uint8Array(await file.slice(0, 16).arrayBuffer()) }),
    ),
  );
  const refused = checked.flatMap((shot) => (shot.ok ? [] : [shot.message]));
  if (refused.length > 0) throw new AppError('VALIDATION_FAILED', refused[0], { screenshots: refused });
  const screenshots = checked.flatMap((shot, index) => (shot.ok ? [{ ...shot, file: files[index]! }] : []));

  const id = randomUUID();
  const rows = screenshots.map((shot, index) => ({
    position: index + 1,
    name: shot.name,
    contentType: shot.type,
    bytes: shot.bytes,
  }));
  try {
    if (screenshots.length > 0) await mkdir(reportDir(deps.dataDir, id), { recursive: true });
    await Promise.all(
      screenshots.map(async (shot, index) =>
        writeFile(screenshotFile(deps.dataDir, id, index + 1, shot.type), new Uint8Array(await shot.file.arrayBuffer())),
      ),
    );
    await repo.insertBugReport(
      deps.db,
      {
        id,
        email: report.email,
        title: report.title,
        description: report.description,
        priority: report.priority,
        pageUrl: report.page_url,
        browserInfo: { ...report.browser_info },
      },
      rows,
    );
  } catch (error) {
    // No files without their report.
    await rm(reportDir(deps.dataDir, id), { recursive: true, force: true });
    throw error;
  }
  await deps.mailer.send(supportMail(deps.publicUrl, id, report, rows));
  return id;
}

/** To the store's own support address, so the reporter's words may travel in it. */
export function supportMail(
  publicUrl: string,
  id: string,
  report: BugReport,
  screenshots: readonly { position: number; name: string }[],
): OutgoingMail {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const info = report.browser_info;
  return {
    to: STORE.supportEmail,
    subject: `Bug report (${BUG_PRIORITY_LABELS[report.priority]}): ${oneLine(report.title)}`,
    text: [
      `${BUG_PRIORITY_LABELS[report.priority]} priority bug report ${id} from ${report.email}`,
      `Title: ${oneLine(report.title)}`,
      `Page: ${report.page_url || 'not given'}`,
      `Description:\n${report.description}`,
      [
        'Browser:',
        `  User agent: ${info.userAgent ?? 'not given'}`,
        `  Platform: ${info.platform ?? 'not given'}`,
        `  Language: ${info.language ?? 'not given'}`,
        `  Screen: ${info.screenResolution ?? 'not given'}`,
        `  Viewport: ${info.viewport ?? 'not given'}`,
      ].join('\n'),
      screenshots.length === 0
        ? 'Screenshots: none'
        : [
            `Screenshots (admins only, signed in):`,
            ...screenshots.map(
              (shot) =>
                `  ${oneLine(shot.name)}: ${new URL(adminScreenshotPath(id, shot.position), publicUrl).toString()}`,
            ),
          ].join('\n'),
    ].join('\n\n'),
  };
}

export async function listBugReports(db: Db, options: { limit: number; before?: Date }): Promise<AdminBugReport[]> {
  const reports = await repo.listBugReports(db, options);
  return reports.map((report) => ({
    id: report.id,
    created_at: report.createdAt.toISOString(),
    email: report.email,
    title: report.title,
    description: report.description,
    priority: report.priority as AdminBugReport['priority'],
    page_url: report.pageUrl,
    browser_info: report.browserInfo,
    status: report.status,
    screenshots: report.screenshots.map((shot) => ({
      position: shot.position,
      name: shot.name,
      content_type: shot.contentType,
      bytes: shot.bytes,
      url: adminScreenshotPath(report.id, shot.position),
    })),
  }));
}

/** A stored screenshot's bytes and kind; NOT_FOUND for a report or position that has none. */
export async function readScreenshot(
  deps: Pick<BugReportDeps, 'db' | 'dataDir'>,
  reportId: string,
  position: number,
): Promise<{ contentType: ScreenshotType; bytes: Buffer }> {
  const row = await repo.findScreenshot(deps.db, reportId, position);
  if (!row) throw new AppError('NOT_FOUND', 'No such screenshot.');
  const contentType = row.contentType as ScreenshotType;
  try {
    return { contentType, bytes: await readFile(screenshotFile(deps.dataDir, reportId, position, contentType)) };
  } catch {
    throw new AppError('NOT_FOUND', 'The screenshot file is missing from the data directory.');
  }
}

/** Moves a report to `status` with `within` (its audit event) in the same transaction. */
export async function setBugReportStatus(
  db: Db,
  id: string,
  status: BugStatus,
  within?: (tx: Db, before: BugStatus) => Promise<void>,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await repo.updateBugStatus(tx, id, status);
    if (before === null) throw new AppError('NOT_FOUND', 'No such bug report.');
    await within?.(tx, before);
  });
}
