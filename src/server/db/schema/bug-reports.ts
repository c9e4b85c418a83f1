import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { BUG_PRIORITIES, BUG_STATUSES, type BugStatus } from '../../../domain/bug-report.ts';
import { createdAt, sqlList } from './columns.ts';

// Bug reports (floating Report Bug button); screenshot files live under DATA_DIR: modules/bug-reports.

export const bugReports = pgTable(
  'bug_reports',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priority: text('priority').notNull(),
    pageUrl: text('page_url').notNull(),
    browserInfo: jsonb('browser_info').$type<Record<string, string>>().notNull().default({}),
    /** Where the team is with it (admin area). */
    status: text('status').$type<BugStatus>().notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bug_reports_created_idx').on(t.createdAt),
    check('bug_reports_priority_known', sql`${t.priority} IN (${sqlList(BUG_PRIORITIES)})`),
    check('bug_reports_status_known', sql`${t.status} IN (${sqlList(BUG_STATUSES)})`),
  ],
);

export const bugReportScreenshots = pgTable(
  'bug_report_screenshots',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => bugReports.id, { onDelete: 'cascade' }),
    /** 1, 2 or 3, in the order attached; also the file's name under DATA_DIR/bug-reports/<report id>/. */
    position: integer('position').notNull(),
    /** The name the visitor's file had (shown to the team, never used as a path). */
    name: text('name').notNull(),
    /** The image kind its bytes showed, not the one declared. */
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.position] })],
);
