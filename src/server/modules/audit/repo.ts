import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '../../../domain/admin.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type AuditRow = typeof t.auditEvents.$inferSelect;
export type NewAuditRow = typeof t.auditEvents.$inferInsert;

export async function insertAudit(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(t.auditEvents).values(row);
}

/** Newest first, keyset on id. `record` matches a record id exactly. */
export function selectAudit(db: Db, query: AuditQuery): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (query.actor) where.push(eq(t.auditEvents.actorEmail, query.actor));
  if (query.action) where.push(eq(t.auditEvents.action, query.action));
  if (query.record) where.push(eq(t.auditEvents.recordId, query.record));
  if (query.before) where.push(lt(t.auditEvents.id, query.before));
  return db
    .select()
    .from(t.auditEvents)
    .where(and(...where))
    .orderBy(desc(t.auditEvents.id))
    .limit(query.limit + 1);
}

export function selectAuditOf(db: Db, recordType: string, recordId: string): Promise<AuditRow[]> {
  return db
    .select()
    .from(t.auditEvents)
    .where(and(eq(t.auditEvents.recordType, recordType), eq(t.auditEvents.recordId, recordId)))
    .orderBy(desc(t.auditEvents.id));
}
