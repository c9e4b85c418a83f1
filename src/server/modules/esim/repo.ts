import { and, asc, eq, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { NEVER_PAID_STATUSES } from '../../../domain/order.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type EsimPackageRecord = typeof t.esimPackages.$inferSelect;
export type NewEsimPackage = typeof t.esimPackages.$inferInsert;
export type EsimProfileRecord = typeof t.esimProfiles.$inferSelect;

const CHUNK = 500;

/** Upserts a provider's packages and retires the ones it no longer lists; answers how many are new. */
export async function replaceProviderPackages(db: Db, provider: string, rows: NewEsimPackage[]): Promise<number> {
  const existing = await db
    .select({ id: t.esimPackages.packageId })
    .from(t.esimPackages)
    .where(eq(t.esimPackages.provider, provider));
  const known = new Set(existing.map((row) => row.id));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(t.esimPackages)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: t.esimPackages.packageId,
        set: {
          packageName: sql`excluded.package_name`,
          dataGb: sql`excluded.data_gb`,
          validityDays: sql`excluded.validity_days`,
          kind: sql`excluded.kind`,
          countryCode: sql`excluded.country_code`,
          region: sql`excluded.region`,
          countriesIso3: sql`excluded.countries_iso3`,
          // An admin's price stays until the admin changes it again.
          priceCents: sql`case when ${t.esimPackages.priceSetByAdmin} then ${t.esimPackages.priceCents} else excluded.price_cents end`,
          netCostCents: sql`excluded.net_cost_cents`,
          provider: sql`excluded.provider`,
          active: sql`excluded.active`,
          updatedAt: sql`now()`,
        },
      });
  }
  const ids = rows.map((row) => row.packageId);
  await db
    .update(t.esimPackages)
    .set({ active: false, updatedAt: sql`now()` })
    .where(
      ids.length > 0
        ? and(eq(t.esimPackages.provider, provider), notInArray(t.esimPackages.packageId, ids))
        : eq(t.esimPackages.provider, provider),
    );
  return rows.filter((row) => !known.has(row.packageId)).length;
}

/** Retires the packages of every other provider: only the configured one's can be bought and delivered. */
export async function retireOtherProviders(db: Db, provider: string) {
  await db
    .update(t.esimPackages)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(sql`${t.esimPackages.provider} <> ${provider}`, eq(t.esimPackages.active, true)));
}

export function selectActivePackages(db: Db): Promise<EsimPackageRecord[]> {
  return db
    .select()
    .from(t.esimPackages)
    .where(eq(t.esimPackages.active, true))
    .orderBy(asc(t.esimPackages.priceCents), asc(t.esimPackages.packageId));
}

export function selectPackagesByIds(db: Db, ids: readonly string[]): Promise<EsimPackageRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(t.esimPackages)
    .where(inArray(t.esimPackages.packageId, [...ids]));
}

/** Stores a provisioned profile once per item unit; false when that unit already has one. */
export async function insertProfile(
  db: Db,
  profile: Omit<typeof t.esimProfiles.$inferInsert, 'id' | 'createdAt'>,
): Promise<boolean> {
  const rows = await db
    .insert(t.esimProfiles)
    .values(profile)
    .onConflictDoNothing({ target: [t.esimProfiles.orderItemId, t.esimProfiles.unitIndex] })
    .returning({ id: t.esimProfiles.id });
  return rows.length > 0;
}

export function selectProfiles(db: Db, orderItemIds: readonly string[]): Promise<EsimProfileRecord[]> {
  if (orderItemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(t.esimProfiles)
    .where(inArray(t.esimProfiles.orderItemId, [...orderItemIds]))
    .orderBy(asc(t.esimProfiles.orderItemId), asc(t.esimProfiles.unitIndex));
}

/** Every active package for the admin's prices, by name. */
export function selectActivePackagesForPricing(db: Db) {
  return db
    .select()
    .from(t.esimPackages)
    .where(eq(t.esimPackages.active, true))
    .orderBy(asc(t.esimPackages.packageName), asc(t.esimPackages.packageId));
}

export function lockPackage(tx: Db, packageId: string) {
  return tx.select().from(t.esimPackages).where(eq(t.esimPackages.packageId, packageId)).for('update');
}

export async function setAdminPrice(tx: Db, packageId: string, priceCents: number) {
  await tx
    .update(t.esimPackages)
    .set({ priceCents, priceSetByAdmin: true, updatedAt: sql`now()` })
    .where(eq(t.esimPackages.packageId, packageId));
}

/** What the eSIMs of orders paid since `since` and not refunded cost the store, at their package's net cost now. */
export async function selectNetCostSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({
      costCents: sql<number>`coalesce(sum(${t.orderItems.quantity} * ${t.esimPackages.netCostCents}), 0)::int`,
    })
    .from(t.orders)
    .innerJoin(t.orderItems, eq(t.orderItems.orderId, t.orders.id))
    .innerJoin(t.esimPackages, eq(t.esimPackages.packageId, t.orderItems.productRef))
    .where(
      and(
        eq(t.orders.kind, 'esim'),
        gte(t.orders.createdAt, since),
        notInArray(t.orders.status, [...NEVER_PAID_STATUSES]),
        isNull(t.orders.refundRef),
      ),
    );
  return row?.costCents ?? 0;
}
