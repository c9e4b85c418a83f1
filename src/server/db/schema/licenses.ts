import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  LICENSE_CATEGORY_IDS,
  LICENSE_KEY_STATES,
  type LicenseCategory,
  type LicenseKeyState,
  type LicensePlatform,
} from '../../../domain/licenses.ts';
import { createdAt, sqlList, updatedAt } from './columns.ts';
import { orderItems, orders } from './orders.ts';

// Digital licenses: the catalogue, the key stock and the orders waiting for stock: modules/licenses (ADR 079).

export const licenseProducts = pgTable(
  'license_products',
  {
    slug: text('slug').primaryKey(),
    name: text('name').notNull(),
    vendor: text('vendor').notNull(),
    edition: text('edition').notNull(),
    category: text('category').$type<LicenseCategory>().notNull(),
    platforms: jsonb('platforms').$type<LicensePlatform[]>().notNull(),
    /** null: a lifetime license. */
    termMonths: integer('term_months'),
    devices: integer('devices').notNull(),
    priceCents: integer('price_cents').notNull(),
    summary: text('summary').notNull(),
    receives: jsonb('receives').$type<string[]>().notNull(),
    activationSteps: jsonb('activation_steps').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('license_products_category_known', sql`${table.category} in (${sqlList(LICENSE_CATEGORY_IDS)})`),
    check('license_products_price_positive', sql`${table.priceCents} > 0`),
  ],
);

/**
 * One license key. The key itself is stored only encrypted (AES-256-GCM: `ciphertext` holds the
 * IV, the tag and the encrypted bytes); `key_hash` is its HMAC, unique, so a duplicate is found
 * without the plaintext ever being compared or indexed. A key moves available → assigned (to one
 * order item) → revealed, or assigned → refunded; it never goes back to available.
 */
export const licenseKeys = pgTable(
  'license_keys',
  {
    id: text('id').primaryKey(),
    productSlug: text('product_slug')
      .notNull()
      .references(() => licenseProducts.slug),
    ciphertext: text('ciphertext').notNull(),
    keyHash: text('key_hash').notNull(),
    state: text('state').$type<LicenseKeyState>().notNull().default('available'),
    orderId: text('order_id').references(() => orders.id),
    orderItemId: text('order_item_id').references(() => orderItems.id),
    importId: text('import_id').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('license_keys_hash_uq').on(table.keyHash),
    // The claim at payment: the oldest available keys of a product.
    index('license_keys_available_idx')
      .on(table.productSlug, table.importedAt, table.id)
      .where(sql`${table.state} = 'available'`),
    index('license_keys_order_idx').on(table.orderId),
    check('license_keys_state_known', sql`${table.state} in (${sqlList(LICENSE_KEY_STATES)})`),
    check(
      'license_keys_sold_to_an_order',
      sql`(${table.state} = 'available') = (${table.orderId} is null and ${table.orderItemId} is null)`,
    ),
  ],
);

/** A paid license order whose keys were not in stock: filled in payment order, or refunded at `refund_by`. */
export const licenseWaits = pgTable(
  'license_waits',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    refundBy: timestamp('refund_by', { withTimezone: true }).notNull(),
    /** Filled (its keys claimed) or closed by its refund; null while it waits. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('license_waits_open_idx').on(table.since, table.orderId).where(sql`${table.endedAt} is null`)],
);

/** 'Email me when it is back': one open request per product and address, answered once. */
export const licenseStockAlerts = pgTable(
  'license_stock_alerts',
  {
    id: text('id').primaryKey(),
    productSlug: text('product_slug')
      .notNull()
      .references(() => licenseProducts.slug),
    email: text('email').notNull(),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('license_stock_alerts_open_uq')
      .on(table.productSlug, sql`lower(${table.email})`)
      .where(sql`${table.notifiedAt} is null`),
  ],
);
