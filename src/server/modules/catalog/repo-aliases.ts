import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AliasInput, AliasRow, AliasType } from '../../../domain/admin-aliases.ts';
import { normalizeAliasKey } from '../../../domain/reference-data.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

// The admin's edits of the alias tables (ADR 074); the seed pipeline writes them too (repo.ts).

/** The channel an alias change is announced on: every instance reads its reference data again. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

export async function announceCatalogChange(db: Db) {
  await db.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, '')`);
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** Aliases of one type whose text or target contains `q`, by alias; with how many match in all. */
export async function selectAliases(db: Db, type: AliasType, q: string | undefined, limit: number) {
  const pattern = q ? like(q) : null;
  if (type === 'country') {
    const where = pattern
      ? or(
          ilike(t.countryAliases.alias, pattern),
          ilike(t.countryAliases.countryCode, pattern),
          ilike(t.canonicalCountries.countryName, pattern),
        )
      : undefined;
    const base = () =>
      db
        .select()
        .from(t.countryAliases)
        .innerJoin(t.canonicalCountries, eq(t.canonicalCountries.countryCode, t.countryAliases.countryCode));
    const [rows, [total]] = await Promise.all([
      base().where(where).orderBy(asc(t.countryAliases.alias)).limit(limit),
      db
        .select({ n: count() })
        .from(t.countryAliases)
        .innerJoin(t.canonicalCountries, eq(t.canonicalCountries.countryCode, t.countryAliases.countryCode))
        .where(where),
    ]);
    return {
      total: total?.n ?? 0,
      aliases: rows.map(
        (row): AliasRow => ({
          type,
          alias: row.country_aliases.alias,
          target: row.country_aliases.countryCode,
          target_name: row.canonical_countries.countryName,
          country_code: null,
        }),
      ),
    };
  }
  if (type === 'brand') {
    const where = pattern
      ? or(
          ilike(t.brandAliases.alias, pattern),
          ilike(t.brandAliases.brandSlug, pattern),
          ilike(t.canonicalBrands.brandName, pattern),
        )
      : undefined;
    const joined = eq(t.canonicalBrands.brandSlug, t.brandAliases.brandSlug);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(t.brandAliases)
        .innerJoin(t.canonicalBrands, joined)
        .where(where)
        .orderBy(asc(t.brandAliases.alias))
        .limit(limit),
      db.select({ n: count() }).from(t.brandAliases).innerJoin(t.canonicalBrands, joined).where(where),
    ]);
    return {
      total: total?.n ?? 0,
      aliases: rows.map(
        (row): AliasRow => ({
          type,
          alias: row.brand_aliases.alias,
          target: row.brand_aliases.brandSlug,
          target_name: row.canonical_brands.brandName,
          country_code: null,
        }),
      ),
    };
  }
  const where = pattern
    ? or(
        ilike(t.carrierAliases.alias, pattern),
        ilike(t.carrierAliases.carrierSlug, pattern),
        ilike(t.canonicalCarriers.carrierName, pattern),
      )
    : undefined;
  const joined = eq(t.canonicalCarriers.carrierSlug, t.carrierAliases.carrierSlug);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t.carrierAliases)
      .innerJoin(t.canonicalCarriers, joined)
      .where(where)
      .orderBy(asc(t.carrierAliases.alias))
      .limit(limit),
    db.select({ n: count() }).from(t.carrierAliases).innerJoin(t.canonicalCarriers, joined).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    aliases: rows.map(
      (row): AliasRow => ({
        type,
        alias: row.carrier_aliases.alias,
        target: row.carrier_aliases.carrierSlug,
        target_name: row.canonical_carriers.carrierName,
        country_code: row.carrier_aliases.countryCode,
      }),
    ),
  };
}

/** The canonical name of what `target` names (a country code, brand or carrier slug); null for none. */
export async function targetName(db: Db, type: AliasType, target: string): Promise<string | null> {
  if (type === 'country') {
    const [row] = await db
      .select({ name: t.canonicalCountries.countryName })
      .from(t.canonicalCountries)
      .where(eq(t.canonicalCountries.countryCode, target));
    return row?.name ?? null;
  }
  if (type === 'brand') {
    const [row] = await db
      .select({ name: t.canonicalBrands.brandName })
      .from(t.canonicalBrands)
      .where(eq(t.canonicalBrands.brandSlug, target));
    return row?.name ?? null;
  }
  const [row] = await db
    .select({ name: t.canonicalCarriers.carrierName })
    .from(t.canonicalCarriers)
    .where(eq(t.canonicalCarriers.carrierSlug, target));
  return row?.name ?? null;
}

function carrierMatch(alias: AliasInput): SQL | undefined {
  return and(
    eq(t.carrierAliases.aliasKey, normalizeAliasKey(alias.alias)),
    eq(t.carrierAliases.carrierSlug, alias.target),
    alias.country_code ? eq(t.carrierAliases.countryCode, alias.country_code) : isNull(t.carrierAliases.countryCode),
  );
}

/** Stores the alias; false when the same alias already leads to the same place. */
export async function insertAlias(db: Db, alias: AliasInput): Promise<boolean> {
  const aliasKey = normalizeAliasKey(alias.alias);
  const values = { alias: alias.alias, aliasKey };
  const inserted =
    alias.type === 'country'
      ? await db
          .insert(t.countryAliases)
          .values({ ...values, countryCode: alias.target })
          .onConflictDoNothing()
          .returning({ key: t.countryAliases.aliasKey })
      : alias.type === 'brand'
        ? await db
            .insert(t.brandAliases)
            .values({ ...values, brandSlug: alias.target })
            .onConflictDoNothing()
            .returning({ key: t.brandAliases.aliasKey })
        : await db
            .insert(t.carrierAliases)
            .values({ ...values, carrierSlug: alias.target, countryCode: alias.country_code ?? null })
            .onConflictDoNothing()
            .returning({ key: t.carrierAliases.aliasKey });
  return inserted.length > 0;
}

/** Removes the alias (matched by its key, target and, for carriers, country); false when it is gone. */
export async function deleteAlias(db: Db, alias: AliasInput): Promise<boolean> {
  const aliasKey = normalizeAliasKey(alias.alias);
  const removed =
    alias.type === 'country'
      ? await db
          .delete(t.countryAliases)
          .where(and(eq(t.countryAliases.aliasKey, aliasKey), eq(t.countryAliases.countryCode, alias.target)))
          .returning({ key: t.countryAliases.aliasKey })
      : alias.type === 'brand'
        ? await db
            .delete(t.brandAliases)
            .where(and(eq(t.brandAliases.aliasKey, aliasKey), eq(t.brandAliases.brandSlug, alias.target)))
            .returning({ key: t.brandAliases.aliasKey })
        : await db.delete(t.carrierAliases).where(carrierMatch(alias)).returning({ key: t.carrierAliases.aliasKey });
  return removed.length > 0;
}
