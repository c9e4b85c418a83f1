import type { AuditAction, AuditPage, AuditQuery } from '../../../domain/admin.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

export type AuditRow = repo.AuditRow;

/** Who did an admin action, and from where (the request's address and browser). */
export interface AdminActor {
  readonly userId: string;
  readonly email: string;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

export interface AuditEntry {
  readonly action: AuditAction;
  readonly recordType: string;
  readonly recordId: string;
  readonly before?: Record<string, unknown> | null;
  readonly after?: Record<string, unknown> | null;
}

/**
 * Records an admin action (ADR 072). Call it with the transaction of the change it records, so the
 * change and its audit event commit or roll back together; the table itself refuses updates and
 * deletes.
 */
export function recordAudit(tx: Db, actor: AdminActor, entry: AuditEntry): Promise<void> {
  return repo.insertAudit(tx, {
    actorId: actor.userId,
    actorEmail: actor.email.toLowerCase(),
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip?.slice(0, 100) ?? null,
    userAgent: actor.userAgent?.slice(0, 300) ?? null,
  });
}

/** A page of the audit log with its filters, newest first. */
export async function auditPage(db: Db, query: AuditQuery): Promise<AuditPage> {
  const rows = await repo.selectAudit(db, query);
  const shown = rows.slice(0, query.limit);
  return {
    events: shown.map((row) => ({
      id: row.id,
      at: new Date(row.createdAt).toISOString(),
      actor: row.actorEmail,
      action: row.action,
      record_type: row.recordType,
      record_id: row.recordId,
      before: row.before,
      after: row.after,
      ip: row.ip,
    })),
    next: rows.length > query.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** Every audit event of one record, newest first (an order's timeline). */
export const auditOf = repo.selectAuditOf;
