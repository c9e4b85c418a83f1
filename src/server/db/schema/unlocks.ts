import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEVICE_SERVICE_IDS, type DeviceServiceId } from '../../../domain/device-services.ts';
import {
  SUPPLIER_ERROR_KINDS,
  type SupplierErrorKind,
  UNLOCK_ATTEMPT_STATES,
  UNLOCK_STAGES,
  UNLOCK_WORKING_STAGES,
  type UnlockAttemptState,
  type UnlockStage,
} from '../../../domain/unlock-process.ts';
import { createdAt, sqlList } from './columns.ts';
import { orders } from './orders.ts';

// Unlocks: the tool plan of each unlock order and its supplier submissions: modules/unlocks.

/**
 * One row per unlock order, and per device service order (ADR 071: an iCloud or FRP lock removal
 * is done by supplier services the same way; `service` names it, null for a carrier unlock, and
 * `fields` holds the custom fields its supplier service needs): the device as sold and the plan the store follows (primary tool then
 * alternatives, with their costs), which no visitor answer shows. `stage` is where the unlock's
 * process stands (src/domain/unlock-process.ts); `tool_index` is the tool being tried;
 * `deadline_at` is when the guarantee acts (payment + guaranteed hours, or a reroute's own).
 */
export const unlockOrders = pgTable(
  'unlock_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The carrier unlock's quote; null for a device service (its price is the service's). */
    quoteId: text('quote_id'),
    /** The device service this order is, or null for a carrier unlock. */
    service: text('service').$type<DeviceServiceId>(),
    /** What the supplier service needs besides the identifier (DHRU CUSTOMFIELD), by its field names. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    /** The IMEI, or for a device service the identifier typed (an IMEI or a serial number). */
    imei: text('imei').notNull(),
    brandSlug: text('brand_slug').notNull(),
    toolIds: text('tool_ids').array().notNull(),
    toolCostsCents: integer('tool_costs_cents').array().notNull(),
    /** Each tool's guaranteed (max) hours, in toolIds' order. */
    toolMaxHours: integer('tool_max_hours').array().notNull(),
    toolIndex: integer('tool_index').notNull().default(0),
    averageHours: integer('average_hours').notNull(),
    guaranteedHours: integer('guaranteed_hours').notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    stage: text('stage').$type<UnlockStage>().notNull().default('awaiting_payment'),
    /** Why its refund is owed (the order event and email say it), set as it enters `refunding`. */
    refundReason: text('refund_reason'),
    /** The paid unlock of the same IMEI that made this one a duplicate (its refund email links it). */
    duplicateOf: text('duplicate_of'),
    /** Refund tries that failed in a row; the team is alerted past REFUND_ALERT_AFTER_FAILURES. */
    refundFailures: integer('refund_failures').notNull().default(0),
    /** Until when a refunded unlock is still looked at by its supplier (stage `watching`). */
    watchUntil: timestamp('watch_until', { withTimezone: true }),
    /** The tool's cost of an unlock a supplier finished after its refund: the store's loss. */
    lossCents: integer('loss_cents'),
    /** Consecutive supplier transport or account errors, for the retry backoff. */
    supplierErrors: integer('supplier_errors').notNull().default(0),
    /** What the last of those errors was (null with none): an account refusal calls a person at once. */
    supplierError: text('supplier_error').$type<SupplierErrorKind>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('unlock_orders_imei_idx').on(t.imei),
    // The guarantee looks only at unlocks a supplier is carrying out.
    index('unlock_orders_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.stage} IN (${sqlList(UNLOCK_WORKING_STAGES)})`),
    // The day's work asks for the unlocks whose supplier keeps failing: few at any time.
    index('unlock_orders_supplier_error_idx')
      .on(t.orderId)
      .where(sql`${t.supplierErrors} > 0`),
    check(
      'unlock_orders_supplier_error_known',
      sql`${t.supplierError} IS NULL OR ${t.supplierError} IN (${sqlList(SUPPLIER_ERROR_KINDS)})`,
    ),
    check('unlock_orders_stage_known', sql`${t.stage} IN (${sqlList(UNLOCK_STAGES)})`),
    check('unlock_orders_service_known', sql`${t.service} IS NULL OR ${t.service} IN (${sqlList(DEVICE_SERVICE_IDS)})`),
  ],
);

/**
 * One submission of an unlock to a supplier tool. The row and its `reference` (our id, sent with
 * the order) exist before the supplier is called, so a run that crashed after placing it re-sends
 * the same reference and the supplier answers the same REFERENCEID instead of a second order.
 */
export const unlockAttempts = pgTable(
  'unlock_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => unlockOrders.orderId, { onDelete: 'cascade' }),
    toolIndex: integer('tool_index').notNull(),
    toolId: text('tool_id').notNull(),
    reference: text('reference').notNull().unique(),
    supplierRef: text('supplier_ref'),
    state: text('state').$type<UnlockAttemptState>().notNull().default('placing'),
    /** The rejection reason or the supplier's result (plain text). */
    detail: text('detail'),
    polls: integer('polls').notNull().default(0),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('unlock_attempts_order_tool_uq').on(t.orderId, t.toolIndex),
    index('unlock_attempts_tool_state_idx').on(t.toolId, t.state),
    check('unlock_attempts_state_known', sql`${t.state} IN (${sqlList(UNLOCK_ATTEMPT_STATES)})`),
  ],
);
