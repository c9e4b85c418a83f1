import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  brandAliasRowSchema,
  brandModelRowSchema,
  brandRowSchema,
  carrierAliasRowSchema,
  carrierRowSchema,
  countryAliasRowSchema,
  countryRowSchema,
  iphoneModelRowSchema,
  normalizeAliasKey,
  regionCountryRowSchema,
  samsungModelRowSchema,
  seedFileSchema,
} from '../../domain/reference-data.ts';
import type { Db } from './client.ts';
import * as t from './schema.ts';

export const SEED_DIR = resolve(import.meta.dirname, '../../../data/seed');
const SEED_STATE_NAME = 'reference-data';
const CHUNK = 500;

function readSeed<Row extends z.ZodType>(dir: string, file: string, row: Row): z.infer<Row>[] {
  const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const parsed = seedFileSchema(row).safeParse(raw);
  if (!parsed.success) {
    throw new Error(`data/seed/${file} is invalid: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  }
  return parsed.data.rows as z.infer<Row>[];
}

function seedChecksum(dir: string): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    hash.update(file).update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex');
}

async function insertChunks<Row extends Record<string, unknown>>(
  db: Db,
  table: PgTable,
  rows: Row[],
  onConflict: (insert: ReturnType<ReturnType<Db['insert']>['values']>) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await onConflict(db.insert(table).values(rows.slice(i, i + CHUNK)));
  }
}

/**
 * Loads data/seed into the reference tables: inserts new rows, updates changed ones and
 * never deletes (admins may have added rows). Skipped when the files have not changed.
 */
export async function seedReferenceData(db: Db, dir = SEED_DIR): Promise<'seeded' | 'unchanged'> {
  const checksum = seedChecksum(dir);
  const [state] = await db
    .select()
    .from(t.seedState)
    .where(sql`${t.seedState.name} = ${SEED_STATE_NAME}`);
  if (state?.checksum === checksum) return 'unchanged';

  const countries = readSeed(dir, 'countries.json', countryRowSchema);
  const countryAliases = readSeed(dir, 'country-aliases.json', countryAliasRowSchema);
  const carriers = readSeed(dir, 'carriers.json', carrierRowSchema);
  const carrierAliases = readSeed(dir, 'carrier-aliases.json', carrierAliasRowSchema);
  const brands = readSeed(dir, 'brands.json', brandRowSchema);
  const brandAliases = readSeed(dir, 'brand-aliases.json', brandAliasRowSchema);
  const regions = readSeed(dir, 'region-countries.json', regionCountryRowSchema);
  const iphones = readSeed(dir, 'iphone-models.json', iphoneModelRowSchema);
  const samsungs = readSeed(dir, 'samsung-models.json', samsungModelRowSchema);
  const brandModels = readSeed(dir, 'brand-models.json', brandModelRowSchema);

  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await insertChunks(
      txDb,
      t.canonicalCountries,
      countries.map((c) => ({
        countryCode: c.country_code,
        countryName: c.country_name,
        iso2: c.iso2,
        iso3: c.iso3,
        region: c.region,
        active: c.active,
      })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.canonicalCountries.countryCode,
          set: {
            countryName: sql`excluded.country_name`,
            iso2: sql`excluded.iso2`,
            iso3: sql`excluded.iso3`,
            region: sql`excluded.region`,
            active: sql`excluded.active`,
          },
        }),
    );
    await insertChunks(
      txDb,
      t.countryAliases,
      countryAliases.map((a) => ({
        alias: a.alias,
        aliasKey: normalizeAliasKey(a.alias),
        countryCode: a.country_code,
      })),
      (q) => q.onConflictDoNothing(),
    );
    await insertChunks(
      txDb,
      t.canonicalCarriers,
      carriers.map((c) => ({
        carrierSlug: c.carrier_slug,
        carrierName: c.carrier_name,
        countryCode: c.country_code,
        carrierType: c.carrier_type,
        active: c.active,
      })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.canonicalCarriers.carrierSlug,
          set: {
            carrierName: sql`excluded.carrier_name`,
            countryCode: sql`excluded.country_code`,
            carrierType: sql`excluded.carrier_type`,
            active: sql`excluded.active`,
          },
        }),
    );
    await insertChunks(
      txDb,
      t.carrierAliases,
      carrierAliases.map((a) => ({
        alias: a.alias,
        aliasKey: normalizeAliasKey(a.alias),
        carrierSlug: a.carrier_slug,
        countryCode: a.country_code,
      })),
      (q) => q.onConflictDoNothing(),
    );
    await insertChunks(
      txDb,
      t.canonicalBrands,
      brands.map((b) => ({
        brandSlug: b.brand_slug,
        brandName: b.brand_name,
        brandFamily: b.brand_family,
        manufacturer: b.manufacturer,
        active: b.active,
      })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.canonicalBrands.brandSlug,
          set: {
            brandName: sql`excluded.brand_name`,
            brandFamily: sql`excluded.brand_family`,
            manufacturer: sql`excluded.manufacturer`,
            active: sql`excluded.active`,
          },
        }),
    );
    await insertChunks(
      txDb,
      t.brandAliases,
      brandAliases.map((a) => ({ alias: a.alias, aliasKey: normalizeAliasKey(a.alias), brandSlug: a.brand_slug })),
      (q) => q.onConflictDoNothing(),
    );
    await insertChunks(
      txDb,
      t.regionCountryMapping,
      regions.map((r) => ({ region: r.region, countryCode: r.country_code, countryName: r.country_name })),
      (q) =>
        q.onConflictDoUpdate({
          target: [t.regionCountryMapping.region, t.regionCountryMapping.countryCode],
          set: { countryName: sql`excluded.country_name` },
        }),
    );
    await insertChunks(
      txDb,
      t.iphoneModels,
      iphones.map((m) => ({ modelName: m.model_name, seriesNumber: m.series_number, releaseYear: m.release_year })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.iphoneModels.modelName,
          set: { seriesNumber: sql`excluded.series_number`, releaseYear: sql`excluded.release_year` },
        }),
    );
    await insertChunks(
      txDb,
      t.samsungModels,
      samsungs.map((m) => ({ modelName: m.model_name, modelSeries: m.model_series, releaseYear: m.release_year })),
      (q) =>
        q.onConflictDoUpdate({
          target: t.samsungModels.modelName,
          set: { modelSeries: sql`excluded.model_series`, releaseYear: sql`excluded.release_year` },
        }),
    );
    await insertChunks(
      txDb,
      t.brandModels,
      brandModels.map((m, position) => ({ brandSlug: m.brand_slug, modelName: m.model_name, position })),
      (q) =>
        q.onConflictDoUpdate({
          target: [t.brandModels.brandSlug, t.brandModels.modelName],
          set: { position: sql`excluded.position` },
        }),
    );
    await txDb
      .insert(t.seedState)
      .values({ name: SEED_STATE_NAME, checksum })
      .onConflictDoUpdate({ target: t.seedState.name, set: { checksum, appliedAt: sql`now()` } });
  });
  return 'seeded';
}
