import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// The admin audit log (ADR 072): append-only (migration 0015 adds a trigger that refuses UPDATE
// and DELETE). Written only by modules/audit, in the transaction of the change it records.

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The admin's account id (kept as text: the log outlives a removed account) and email. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** What was done, e.g. `order.refund`, `coupon.create`. */
    action: text('action').notNull(),
    /** The record it was done to: its type (`order`, `coupon`, `user`…) and id. */
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** Where from: the client's address and browser as the server saw them. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_record_idx').on(t.recordType, t.recordId, t.id),
    index('audit_events_actor_idx').on(t.actorEmail, t.id),
    index('audit_events_action_idx').on(t.action, t.id),
  ],
);
