import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_MIN_MARGIN_PERCENT } from '../../../domain/offer.ts';
import { createdAt, updatedAt } from './columns.ts';
import { canonicalBrands, canonicalCarriers, canonicalCountries } from './reference-data.ts';

// Unlock supply: suppliers, their tools, our fixed-price SKUs, pricing, quotes and the sandbox supplier: modules/quotes.

export const suppliers = pgTable('suppliers', {
  supplierId: text('supplier_id').primaryKey(),
  name: text('name').notNull(),
  /** Which adapter talks to it: 'sandbox' or 'dhru'. */
  adapter: text('adapter').notNull(),
  active: boolean('active').notNull().default(true),
  /** The account's credit as the last sync's `accountinfo` answered it (null before the first). */
  creditCents: integer('credit_cents'),
  creditCurrency: text('credit_currency'),
  creditCheckedAt: timestamp('credit_checked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const supplierTools = pgTable(
  'supplier_tools',
  {
    toolId: text('tool_id').primaryKey(),
    supplierId: text('supplier_id')
      .notNull()
      .references(() => suppliers.supplierId),
    name: text('name').notNull(),
    costCents: integer('cost_cents').notNull(),
    deliveryHoursMin: integer('delivery_hours_min').notNull(),
    deliveryHoursMax: integer('delivery_hours_max').notNull(),
    /** Share of orders the supplier completed, 0 to 1000 (tenths of a percent). */
    successPermille: integer('success_permille').notNull(),
    requiresCleanCheck: boolean('requires_clean_check').notNull().default(false),
    brandSlug: text('brand_slug').references(() => canonicalBrands.brandSlug),
    carrierSlug: text('carrier_slug').references(() => canonicalCarriers.carrierSlug),
    countryCode: text('country_code').references(() => canonicalCountries.countryCode),
    seriesMin: integer('series_min'),
    seriesMax: integer('series_max'),
    /** Samsung series the tool covers ('Galaxy S', ...); null for every series. */
    modelSeries: text('model_series').array(),
    /** Fields the supplier's service needs besides the IMEI (DHRU `Requires.*`); the store sends only the IMEI. */
    requiredFields: text('required_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * 'linked': a quote tool (mapped by the store or by an admin in the auto-linker); 'pending':
     * waiting for an admin; 'rejected': not an unlock we sell. Only a linked tool can be active.
     */
    linkState: text('link_state').notNull().default('linked'),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('supplier_tools_match_idx').on(t.brandSlug, t.carrierSlug),
    check('supplier_tools_link_state_check', sql`${t.linkState} in ('linked', 'pending', 'rejected')`),
  ],
);

export const unlockSkus = pgTable(
  'unlock_skus',
  {
    skuId: serial('sku_id').primaryKey(),
    skuCode: text('sku_code').notNull().unique(),
    brandSlug: text('brand_slug')
      .notNull()
      .references(() => canonicalBrands.brandSlug),
    carrierSlug: text('carrier_slug')
      .notNull()
      .references(() => canonicalCarriers.carrierSlug),
    countryCode: text('country_code').references(() => canonicalCountries.countryCode),
    seriesMin: integer('series_min'),
    seriesMax: integer('series_max'),
    priceCents: integer('price_cents').notNull(),
    estimatedHoursMin: integer('estimated_hours_min').notNull(),
    estimatedHoursMax: integer('estimated_hours_max').notNull(),
    requiresCleanCheck: boolean('requires_clean_check').notNull().default(false),
    defaultToolId: text('default_tool_id').references(() => supplierTools.toolId),
    /** An admin's audited override: the SKU's price may route to tools that leave less than the minimum margin (ADR 103). */
    allowBelowMargin: boolean('allow_below_margin').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('unlock_skus_match_idx').on(t.brandSlug, t.carrierSlug)],
);

/** How a tool's cost becomes a price; the active rule with the lowest id applies. */
export const pricingRules = pgTable('pricing_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  markupPercent: integer('markup_percent').notNull(),
  minMarginCents: integer('min_margin_cents').notNull(),
  /** Prices end in .99 when true. */
  roundTo99: boolean('round_to_99').notNull().default(true),
  /** The share of every unlock price kept over the routed tool's cost at the least, SKUs and coupons included (ADR 103). */
  minMarginPercent: integer('min_margin_percent').notNull().default(DEFAULT_MIN_MARGIN_PERCENT),
  active: boolean('active').notNull().default(true),
});

export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    imei: text('imei').notNull(),
    brandSlug: text('brand_slug').notNull(),
    model: text('model'),
    carrierSlug: text('carrier_slug').notNull(),
    countryCode: text('country_code').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    estimatedHoursMin: integer('estimated_hours_min').notNull(),
    estimatedHoursMax: integer('estimated_hours_max').notNull(),
    requiresCleanCheck: boolean('requires_clean_check').notNull(),
    source: text('source').notNull(),
    skuId: integer('sku_id'),
    toolId: text('tool_id'),
    toolCostCents: integer('tool_cost_cents'),
    /** The tools to fall back on, best first, when the primary one declines (rerouting). */
    alternativeToolIds: text('alternative_tool_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The usual and the most hours the quote promised (average of real orders or the supplier's window; the tool's max). */
    averageHours: integer('average_hours'),
    guaranteedHours: integer('guaranteed_hours'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('quotes_expires_idx').on(t.expiresAt),
    // The pricing rule's preview reads the latest quotes priced by the rule.
    index('quotes_source_created_idx').on(t.source, t.createdAt),
  ],
);

/**
 * The sandbox unlock supplier's orders (a stand-in for a remote DHRU supplier, kept on our
 * database so a restart does not forget orders in flight). REFERENCEID is reference_id.
 */
export const sandboxSupplierOrders = pgTable(
  'sandbox_supplier_orders',
  {
    referenceId: serial('reference_id').primaryKey(),
    /** The store's submission id sent with the order: a repeat answers the same REFERENCEID. */
    reference: text('reference').unique(),
    serviceId: text('service_id').notNull(),
    imei: text('imei').notNull(),
    /** getimeiorder calls about it so far. */
    polls: integer('polls').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_supplier_orders_imei_idx').on(t.imei)],
);
