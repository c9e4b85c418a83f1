import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Reference data (spec sections 3 and 7): modules/catalog and the seed pipeline.

export const canonicalCountries = pgTable('canonical_countries', {
  countryCode: text('country_code').primaryKey(),
  countryName: text('country_name').notNull(),
  iso2: text('iso2'),
  iso3: text('iso3'),
  region: text('region').notNull(),
  active: boolean('active').notNull().default(true),
});

export const countryAliases = pgTable(
  'country_aliases',
  {
    alias: text('alias').notNull(),
    aliasKey: text('alias_key').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => canonicalCountries.countryCode, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.aliasKey, t.countryCode] })],
);

export const canonicalCarriers = pgTable(
  'canonical_carriers',
  {
    carrierSlug: text('carrier_slug').primaryKey(),
    carrierName: text('carrier_name').notNull(),
    countryCode: text('country_code').references(() => canonicalCountries.countryCode),
    carrierType: text('carrier_type').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('canonical_carriers_name_idx').on(t.carrierName)],
);

export const carrierAliases = pgTable(
  'carrier_aliases',
  {
    id: serial('id').primaryKey(),
    alias: text('alias').notNull(),
    aliasKey: text('alias_key').notNull(),
    carrierSlug: text('carrier_slug')
      .notNull()
      .references(() => canonicalCarriers.carrierSlug, { onDelete: 'cascade' }),
    countryCode: text('country_code'),
  },
  (t) => [
    uniqueIndex('carrier_aliases_key_uq').on(t.aliasKey, t.carrierSlug, sql`coalesce(${t.countryCode}, '')`),
    index('carrier_aliases_key_idx').on(t.aliasKey),
  ],
);

export const canonicalBrands = pgTable('canonical_brands', {
  brandSlug: text('brand_slug').primaryKey(),
  brandName: text('brand_name').notNull(),
  brandFamily: text('brand_family').notNull(),
  manufacturer: text('manufacturer').notNull(),
  active: boolean('active').notNull().default(true),
});

export const brandAliases = pgTable(
  'brand_aliases',
  {
    alias: text('alias').notNull(),
    aliasKey: text('alias_key').notNull(),
    brandSlug: text('brand_slug')
      .notNull()
      .references(() => canonicalBrands.brandSlug, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.aliasKey, t.brandSlug] })],
);

export const regionCountryMapping = pgTable(
  'region_country_mapping',
  {
    region: text('region').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => canonicalCountries.countryCode, { onDelete: 'cascade' }),
    countryName: text('country_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.region, t.countryCode] })],
);

export const iphoneModels = pgTable('iphone_models', {
  modelName: text('model_name').primaryKey(),
  seriesNumber: integer('series_number').notNull(),
  releaseYear: integer('release_year').notNull(),
});

export const samsungModels = pgTable('samsung_models', {
  modelName: text('model_name').primaryKey(),
  modelSeries: text('model_series').notNull(),
  releaseYear: integer('release_year').notNull(),
});

/** The built-in five-model lists of the 28 other brands (spec section 3). */
export const brandModels = pgTable(
  'brand_models',
  {
    brandSlug: text('brand_slug')
      .notNull()
      .references(() => canonicalBrands.brandSlug, { onDelete: 'cascade' }),
    modelName: text('model_name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandSlug, t.modelName] })],
);

/** Which version of data/seed was last loaded, so a restart skips an unchanged seed. */
export const seedState = pgTable('seed_state', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
