import { and, desc, eq, gte, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { CheckProductId, CheckResult, DeviceType } from '../../../domain/device-checks.ts';
import { NEVER_PAID_STATUSES } from '../../../domain/order.ts';
import type { Db } from '../../db/client.ts';
import {
  checkProviderAccounts,
  checkProviderServices,
  type DeviceCheckStage,
  deviceChecks,
  deviceLookups,
  orders,
} from '../../db/schema.ts';

export type DeviceCheckRow = typeof deviceChecks.$inferSelect;

export async function insertDeviceCheck(db: Db, row: typeof deviceChecks.$inferInsert): Promise<void> {
  await db.insert(deviceChecks).values(row);
}

export async function findDeviceCheck(db: Db, orderId: string): Promise<DeviceCheckRow | null> {
  const [row] = await db.select().from(deviceChecks).where(eq(deviceChecks.orderId, orderId));
  return row ?? null;
}

/** Moves a check from one stage to the next, only if it is still in `from`: false when another run moved it first. */
export async function moveDeviceCheck(
  db: Db,
  orderId: string,
  from: DeviceCheckStage,
  to: DeviceCheckStage,
  set: Partial<Pick<DeviceCheckRow, 'providerRef' | 'result' | 'failure' | 'checkedAt'>> = {},
): Promise<boolean> {
  const moved = await db
    .update(deviceChecks)
    .set({ stage: to, ...set })
    .where(and(eq(deviceChecks.orderId, orderId), eq(deviceChecks.stage, from)))
    .returning({ orderId: deviceChecks.orderId });
  return moved.length > 0;
}

/** Counts one more look (or transport error) and returns the new count, for the backoff. */
export async function countCheckPoll(db: Db, orderId: string, column: 'polls' | 'providerErrors'): Promise<number> {
  const target = deviceChecks[column];
  const [row] = await db
    .update(deviceChecks)
    .set({ [column]: sql`${target} + 1` })
    .where(eq(deviceChecks.orderId, orderId))
    .returning({ count: target });
  return row?.count ?? 1;
}

export async function resetCheckErrors(db: Db, orderId: string): Promise<void> {
  await db.update(deviceChecks).set({ providerErrors: 0 }).where(eq(deviceChecks.orderId, orderId));
}

/** The newest answered check of this product and device by this buyer since `since`. */
export async function findAnsweredCheck(
  db: Db,
  query: { product: CheckProductId; identifier: string; buyerEmail: string; buyerUserId: string | null; since: Date },
): Promise<DeviceCheckRow | null> {
  const buyer = query.buyerUserId
    ? sql`(${deviceChecks.buyerUserId} = ${query.buyerUserId} or ${deviceChecks.buyerEmail} = ${query.buyerEmail})`
    : eq(deviceChecks.buyerEmail, query.buyerEmail);
  const [row] = await db
    .select()
    .from(deviceChecks)
    .where(
      and(
        eq(deviceChecks.identifier, query.identifier),
        eq(deviceChecks.product, query.product),
        eq(deviceChecks.stage, 'succeeded'),
        isNotNull(deviceChecks.checkedAt),
        gte(deviceChecks.checkedAt, query.since),
        buyer,
      ),
    )
    .orderBy(desc(deviceChecks.checkedAt))
    .limit(1);
  return row ?? null;
}

/** The newest answers checks gave of this device (any product, any buyer), newest first. */
export async function selectCheckResults(db: Db, identifier: string, limit: number): Promise<CheckResult[]> {
  const rows = await db
    .select({ result: deviceChecks.result })
    .from(deviceChecks)
    .where(
      and(
        eq(deviceChecks.identifier, identifier),
        eq(deviceChecks.stage, 'succeeded'),
        isNotNull(deviceChecks.checkedAt),
      ),
    )
    .orderBy(desc(deviceChecks.checkedAt))
    .limit(limit);
  return rows.flatMap((row) => (row.result ? [row.result] : []));
}

/** Check orders of the IMEIs starting with these 14 digits, newest first (order lookup). */
export async function checkOrdersOfDevice(db: Db, imeiPrefix: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orderId: deviceChecks.orderId })
    .from(deviceChecks)
    .where(sql`left(${deviceChecks.identifier}, 14) = ${imeiPrefix}`)
    .orderBy(desc(deviceChecks.createdAt))
    .limit(limit);
  return rows.map((row) => row.orderId);
}

export async function findDeviceLookup(db: Db, key: string) {
  const [row] = await db.select().from(deviceLookups).where(eq(deviceLookups.key, key));
  return row ?? null;
}

export async function saveDeviceLookup(
  db: Db,
  row: { key: string; brand: string; model: string; deviceType: DeviceType },
) {
  await db
    .insert(deviceLookups)
    .values(row)
    .onConflictDoUpdate({
      target: deviceLookups.key,
      set: { brand: row.brand, model: row.model, deviceType: row.deviceType, updatedAt: sql`now()` },
    });
}

/** The provider's service list as its sync read it: each row replaced, one no longer listed removed. */
export async function replaceCheckServices(
  db: Db,
  services: readonly { serviceId: string; title: string; costCents: number }[],
  syncedAt: Date,
): Promise<void> {
  for (const service of services) {
    await db
      .insert(checkProviderServices)
      .values({ ...service, syncedAt })
      .onConflictDoUpdate({
        target: checkProviderServices.serviceId,
        set: { title: service.title, costCents: service.costCents, syncedAt },
      });
  }
  await db.delete(checkProviderServices).where(sql`${checkProviderServices.syncedAt} < ${syncedAt}`);
}

export async function selectCheckServiceCosts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ serviceId: checkProviderServices.serviceId, costCents: checkProviderServices.costCents })
    .from(checkProviderServices);
  return new Map(rows.map((row) => [row.serviceId, row.costCents]));
}

export async function recordCheckAccount(db: Db, account: { providerId: string; name: string; balanceCents: number }) {
  const checkedAt = new Date();
  await db
    .insert(checkProviderAccounts)
    .values({ ...account, checkedAt })
    .onConflictDoUpdate({
      target: checkProviderAccounts.providerId,
      set: { name: account.name, balanceCents: account.balanceCents, checkedAt },
    });
}

/** The account the store's check provider last reported (the newest, should the provider have changed). */
export async function selectCheckAccount(db: Db) {
  const [row] = await db.select().from(checkProviderAccounts).orderBy(desc(checkProviderAccounts.checkedAt)).limit(1);
  return row ?? null;
}

/** What the checks of orders paid since `since` (not refunded) cost; unknown where one's cost is not known. */
export async function selectCheckCostSince(db: Db, since: Date): Promise<number | null> {
  const [row] = await db
    .select({
      costCents: sql<number>`coalesce(sum(${deviceChecks.costCents}), 0)::int`,
      unknown: sql<number>`count(*) filter (where ${deviceChecks.costCents} is null)::int`,
    })
    .from(orders)
    .innerJoin(deviceChecks, eq(deviceChecks.orderId, orders.id))
    .where(
      and(
        eq(orders.kind, 'check'),
        gte(orders.createdAt, since),
        notInArray(orders.status, [...NEVER_PAID_STATUSES]),
        isNull(orders.refundRef),
      ),
    );
  return row && row.unknown === 0 ? row.costCents : null;
}
