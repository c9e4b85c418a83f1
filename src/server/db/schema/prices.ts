import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { PRICED_PRODUCT_KINDS, type PricedProductKind } from '../../../domain/product-prices.ts';
import { sqlList, updatedAt } from './columns.ts';

// Prices an admin set for the fixed-price products (device checks and services): modules/prices.

/** An admin's price for a product; a product without a row sells at its price in src/domain. */
export const productPrices = pgTable(
  'product_prices',
  {
    kind: text('kind').$type<PricedProductKind>().notNull(),
    productId: text('product_id').notNull(),
    priceCents: integer('price_cents').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.productId] }),
    check('product_prices_kind_known', sql`${table.kind} in (${sqlList(PRICED_PRODUCT_KINDS)})`),
    check('product_prices_positive', sql`${table.priceCents} > 0`),
  ],
);
