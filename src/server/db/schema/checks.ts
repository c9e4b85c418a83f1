import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  CHECK_PRODUCT_IDS,
  type CheckProductId,
  type CheckResult,
  DEVICE_TYPES,
  type DeviceType,
} from '../../../domain/device-checks.ts';
import { createdAt, sqlList, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

// Device checks: paid checks and what the store learnt of devices from them: modules/checks.

export const DEVICE_CHECK_STAGES = ['placing', 'placed', 'succeeded', 'failed'] as const;
export type DeviceCheckStage = (typeof DEVICE_CHECK_STAGES)[number];

/**
 * One row per check order: the device and product as bought, the provider's check and its answer.
 * `stage`: placing (not yet sent, or sent without its id stored), placed (the provider holds it),
 * succeeded (the result is stored) or failed (`failure` says why; the order is refunded).
 * The buyer is kept here for the 24-hour reuse of a result (`checked_at`).
 */
export const deviceChecks = pgTable(
  'device_checks',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product: text('product').$type<CheckProductId>().notNull(),
    identifier: text('identifier').notNull(),
    serviceId: text('service_id').notNull(),
    /** What the provider charges for it, as its service list read at checkout (null: not synced yet). */
    costCents: integer('cost_cents'),
    buyerEmail: text('buyer_email').notNull(),
    buyerUserId: text('buyer_user_id'),
    stage: text('stage').$type<DeviceCheckStage>().notNull().default('placing'),
    providerRef: text('provider_ref'),
    result: jsonb('result').$type<CheckResult>(),
    failure: text('failure'),
    /** Looks at the provider's check so far, for the backoff; and consecutive transport errors. */
    polls: integer('polls').notNull().default(0),
    providerErrors: integer('provider_errors').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('device_checks_product_known', sql`${table.product} in (${sqlList(CHECK_PRODUCT_IDS)})`),
    check('device_checks_stage_known', sql`${table.stage} in (${sqlList(DEVICE_CHECK_STAGES)})`),
    index('device_checks_reuse_idx').on(table.identifier, table.product, table.checkedAt),
  ],
);

/**
 * What the store learnt of a device model from a provider's answer, by TAC (or serial): the free
 * check answers from here for a TAC the shipped table lacks.
 */
export const deviceLookups = pgTable(
  'device_lookups',
  {
    key: text('key').primaryKey(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    deviceType: text('device_type').$type<DeviceType>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('device_lookups_type_known', sql`${table.deviceType} in (${sqlList(DEVICE_TYPES)})`)],
);

/**
 * The check provider's services as its hourly sync read them (`GET /v1/services`): what each
 * costs the store, for the admin's margins and the day's cost.
 */
export const checkProviderServices = pgTable('check_provider_services', {
  serviceId: text('service_id').primaryKey(),
  title: text('title').notNull(),
  costCents: integer('cost_cents').notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
});

/** The check provider's account as its last sync read it (`GET /v1/account`): one row per provider. */
export const checkProviderAccounts = pgTable('check_provider_accounts', {
  providerId: text('provider_id').primaryKey(),
  name: text('name').notNull(),
  balanceCents: integer('balance_cents').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
