import { boolean, doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { orderItems } from './orders.ts';

// Travel eSIM catalogue and issued profiles: modules/esim.

export const esimPackages = pgTable(
  'esim_packages',
  {
    packageId: text('package_id').primaryKey(),
    packageName: text('package_name').notNull(),
    /** Null for unlimited data. */
    dataGb: doublePrecision('data_gb'),
    validityDays: integer('validity_days').notNull(),
    /** 'local', 'regional' or 'global'. */
    kind: text('kind').notNull(),
    countryCode: text('country_code'),
    region: text('region'),
    countriesIso3: text('countries_iso3').array().notNull(),
    priceCents: integer('price_cents').notNull(),
    /** An admin set the price (/admin/pricing): the provider's sync keeps it. */
    priceSetByAdmin: boolean('price_set_by_admin').notNull().default(false),
    netCostCents: integer('net_cost_cents').notNull(),
    provider: text('provider').notNull(),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [index('esim_packages_country_idx').on(t.countryCode), index('esim_packages_region_idx').on(t.region)],
);

export const esimProfiles = pgTable(
  'esim_profiles',
  {
    id: serial('id').primaryKey(),
    orderItemId: text('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** Which of the item's quantity this profile is (0-based). */
    unitIndex: integer('unit_index').notNull(),
    iccid: text('iccid').notNull().unique(),
    smdpAddress: text('smdp_address').notNull(),
    matchingId: text('matching_id').notNull(),
    lpa: text('lpa').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('esim_profiles_unit_uq').on(t.orderItemId, t.unitIndex)],
);
