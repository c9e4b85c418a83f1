import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { IMEI_IDENTITY_DIGITS } from '../../../domain/order-lookup.ts';
import type { DeviceServiceId } from '../../../domain/device-services.ts';
import {
  type SupplierErrorKind,
  UNLOCK_WORKING_STAGES,
  type UnlockAttemptState,
  type UnlockStage,
} from '../../../domain/unlock-process.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type UnlockPlanRow = typeof t.unlockOrders.$inferSelect;
export type NewUnlockPlan = typeof t.unlockOrders.$inferInsert;
export type UnlockAttemptRow = typeof t.unlockAttempts.$inferSelect;
type PlanChange = Partial<
  Pick<NewUnlockPlan, 'refundReason' | 'duplicateOf' | 'watchUntil' | 'lossCents' | 'deadlineAt' | 'toolIndex'>
>;

export async function insertPlan(db: Db, plan: NewUnlockPlan) {
  await db.insert(t.unlockOrders).values(plan);
}

export async function findPlan(db: Db, orderId: string): Promise<UnlockPlanRow | null> {
  const [row] = await db.select().from(t.unlockOrders).where(eq(t.unlockOrders.orderId, orderId));
  return row ?? null;
}

/**
 * Moves the plan to `to` (with `set`) only if it is in one of `from` (and, with `toolIndex`, on
 * that tool): false when another run moved it first.
 */
export async function moveStage(
  db: Db,
  orderId: string,
  move: { from: readonly UnlockStage[]; to: UnlockStage; toolIndex?: number; set?: PlanChange },
): Promise<boolean> {
  const rows = await db
    .update(t.unlockOrders)
    .set({ ...move.set, stage: move.to })
    .where(
      and(
        eq(t.unlockOrders.orderId, orderId),
        inArray(t.unlockOrders.stage, [...move.from]),
        ...(move.toolIndex === undefined ? [] : [eq(t.unlockOrders.toolIndex, move.toolIndex)]),
      ),
    )
    .returning({ orderId: t.unlockOrders.orderId });
  return rows.length > 0;
}

/**
 * Holds this IMEI's unlock lock until the caller's transaction ends: two payments for one IMEI
 * recorded at the same moment take their turns, and the second sees the first's stage.
 */
export async function lockImei(db: Db, imei: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`unlock-imei:${imei}`}))`);
}

/** Carrier unlocks (`service` null) or one device service: one paid order per device at a time in each. */
const ofService = (service: DeviceServiceId | null) =>
  service === null ? isNull(t.unlockOrders.service) : eq(t.unlockOrders.service, service);

/**
 * The order of this IMEI (other than `except`) whose unlock, or device `service`, is in one of
 * `stages`, oldest first.
 */
export async function orderOfImeiIn(
  db: Db,
  imei: string,
  service: DeviceServiceId | null,
  stages: readonly UnlockStage[],
  except?: string,
): Promise<string | null> {
  const [row] = await db
    .select({ orderId: t.unlockOrders.orderId })
    .from(t.unlockOrders)
    .where(
      and(
        eq(t.unlockOrders.imei, imei),
        ofService(service),
        inArray(t.unlockOrders.stage, [...stages]),
        ...(except ? [ne(t.unlockOrders.orderId, except)] : []),
      ),
    )
    .orderBy(asc(t.unlockOrders.createdAt))
    .limit(1);
  return row?.orderId ?? null;
}

/** Moves a working plan from tool `from` to tool `to` (a rejection's next tool), once. */
export async function nextTool(
  db: Db,
  orderId: string,
  move: { from: number; to: number; stages: readonly UnlockStage[] },
) {
  const rows = await db
    .update(t.unlockOrders)
    .set({ toolIndex: move.to, supplierErrors: 0, supplierError: null })
    .where(
      and(
        eq(t.unlockOrders.orderId, orderId),
        eq(t.unlockOrders.toolIndex, move.from),
        inArray(t.unlockOrders.stage, [...move.stages]),
      ),
    )
    .returning({ orderId: t.unlockOrders.orderId });
  return rows.length > 0;
}

export async function setDeadline(db: Db, orderId: string, deadlineAt: Date) {
  await db
    .update(t.unlockOrders)
    .set({ deadlineAt })
    .where(and(eq(t.unlockOrders.orderId, orderId), isNull(t.unlockOrders.deadlineAt)));
}

/** Counts one more supplier error of this kind; answers the count. */
export async function countSupplierError(db: Db, orderId: string, kind: SupplierErrorKind): Promise<number> {
  const [row] = await db
    .update(t.unlockOrders)
    .set({ supplierErrors: sql`${t.unlockOrders.supplierErrors} + 1`, supplierError: kind })
    .where(eq(t.unlockOrders.orderId, orderId))
    .returning({ errors: t.unlockOrders.supplierErrors });
  return row?.errors ?? 0;
}

export async function resetSupplierErrors(db: Db, orderId: string) {
  await db
    .update(t.unlockOrders)
    .set({ supplierErrors: 0, supplierError: null })
    .where(and(eq(t.unlockOrders.orderId, orderId), sql`${t.unlockOrders.supplierErrors} <> 0`));
}

/**
 * Working unlocks whose supplier keeps failing: our account refused once, or transport errors
 * `transportErrors` times in a row. Oldest first, at most `limit`.
 */
export function selectFailingSupplierWork(
  db: Db,
  kind: 'unlock' | 'device_service',
  transportErrors: number,
  limit: number,
) {
  return db
    .select({ orderId: t.unlockOrders.orderId, kind: t.unlockOrders.supplierError })
    .from(t.unlockOrders)
    .innerJoin(t.orders, eq(t.orders.id, t.unlockOrders.orderId))
    .where(
      and(
        sql`${t.unlockOrders.supplierErrors} > 0`,
        eq(t.orders.kind, kind),
        inArray(t.unlockOrders.stage, [...UNLOCK_WORKING_STAGES]),
        or(eq(t.unlockOrders.supplierError, 'account'), sql`${t.unlockOrders.supplierErrors} >= ${transportErrors}`),
      ),
    )
    .orderBy(t.unlockOrders.createdAt)
    .limit(limit);
}

/** Counts one more failed refund try; answers the count. */
export async function countRefundFailure(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .update(t.unlockOrders)
    .set({ refundFailures: sql`${t.unlockOrders.refundFailures} + 1` })
    .where(eq(t.unlockOrders.orderId, orderId))
    .returning({ failures: t.unlockOrders.refundFailures });
  return row?.failures ?? 0;
}

/** Unlocks in `stages` whose deadline is past `now`, or that have none yet (paid before it was set). */
export async function selectDueForGuarantee(
  db: Db,
  stages: readonly UnlockStage[],
  now: Date,
  limit: number,
): Promise<UnlockPlanRow[]> {
  return db
    .select()
    .from(t.unlockOrders)
    .where(
      and(
        inArray(t.unlockOrders.stage, [...stages]),
        or(lt(t.unlockOrders.deadlineAt, now), isNull(t.unlockOrders.deadlineAt)),
      ),
    )
    .orderBy(asc(t.unlockOrders.deadlineAt))
    .limit(limit);
}

export async function findAttempt(db: Db, orderId: string, toolIndex: number): Promise<UnlockAttemptRow | null> {
  const [row] = await db
    .select()
    .from(t.unlockAttempts)
    .where(and(eq(t.unlockAttempts.orderId, orderId), eq(t.unlockAttempts.toolIndex, toolIndex)));
  return row ?? null;
}

/** The attempt of this tool, created once (a second caller gets the first one's row). */
export async function ensureAttempt(
  db: Db,
  attempt: { orderId: string; toolIndex: number; toolId: string; reference: string },
): Promise<UnlockAttemptRow> {
  await db.insert(t.unlockAttempts).values(attempt).onConflictDoNothing();
  const row = await findAttempt(db, attempt.orderId, attempt.toolIndex);
  if (!row) throw new Error(`unlock attempt ${attempt.reference} vanished`);
  return row;
}

/** The supplier took the attempt: placing → placed, with its reference, once. */
export async function setSupplierRef(db: Db, id: number, supplierRef: string, at: Date) {
  await db
    .update(t.unlockAttempts)
    .set({ supplierRef, submittedAt: at, state: 'placed' })
    .where(and(eq(t.unlockAttempts.id, id), eq(t.unlockAttempts.state, 'placing')));
}

/** Moves an attempt to `to` only from one of `from`: false when another run moved it first. */
export async function moveAttempt(
  db: Db,
  id: number,
  move: { from: readonly UnlockAttemptState[]; to: UnlockAttemptState; detail?: string | null; at: Date | null },
) {
  const rows = await db
    .update(t.unlockAttempts)
    .set({
      state: move.to,
      ...(move.detail === undefined ? {} : { detail: move.detail }),
      ...(move.at ? { finishedAt: move.at } : {}),
    })
    .where(and(eq(t.unlockAttempts.id, id), inArray(t.unlockAttempts.state, [...move.from])))
    .returning({ id: t.unlockAttempts.id });
  return rows.length > 0;
}

export async function countPoll(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(t.unlockAttempts)
    .set({ polls: sql`${t.unlockAttempts.polls} + 1` })
    .where(eq(t.unlockAttempts.id, id))
    .returning({ polls: t.unlockAttempts.polls });
  return row?.polls ?? 0;
}

export async function selectAttempts(db: Db, orderId: string): Promise<UnlockAttemptRow[]> {
  return db
    .select()
    .from(t.unlockAttempts)
    .where(eq(t.unlockAttempts.orderId, orderId))
    .orderBy(asc(t.unlockAttempts.toolIndex));
}

/** Per tool: completed unlocks and their mean hours from submission to result. */
export async function selectToolAverages(db: Db) {
  return db
    .select({
      toolId: t.unlockAttempts.toolId,
      completed: sql<number>`count(*)::int`,
      averageHours: sql<number>`avg(extract(epoch from (${t.unlockAttempts.finishedAt} - ${t.unlockAttempts.submittedAt})) / 3600)::float8`,
    })
    .from(t.unlockAttempts)
    .where(
      and(
        eq(t.unlockAttempts.state, 'succeeded'),
        isNotNull(t.unlockAttempts.submittedAt),
        isNotNull(t.unlockAttempts.finishedAt),
      ),
    )
    .groupBy(t.unlockAttempts.toolId);
}

/**
 * Carrier unlocks (`services` false) or device services (true) of the device with these first 14
 * digits (an IMEI with or without its check or version digits).
 */
export async function ordersOfDevice(db: Db, imeiDigits: string, limit: number, services: boolean): Promise<string[]> {
  const rows = await db
    .select({ orderId: t.unlockOrders.orderId })
    .from(t.unlockOrders)
    .where(
      and(
        sql`left(${t.unlockOrders.imei}, ${IMEI_IDENTITY_DIGITS}) = ${imeiDigits.slice(0, IMEI_IDENTITY_DIGITS)}`,
        services ? isNotNull(t.unlockOrders.service) : isNull(t.unlockOrders.service),
      ),
    )
    .orderBy(desc(t.unlockOrders.createdAt))
    .limit(limit);
  return rows.map((row) => row.orderId);
}

/**
 * What the supplier services of one kind's orders placed since `since` cost the store: the cost of
 * each one's service while it is with a supplier or delivered, and the loss of one a supplier
 * finished after its refund. (Both stages come only after payment.)
 */
export async function selectSupplierCostSince(db: Db, kind: 'unlock' | 'device_service', since: Date): Promise<number> {
  const uo = t.unlockOrders;
  const [row] = await db
    .select({
      costCents: sql<number>`(coalesce(sum(${uo.toolCostsCents}[${uo.toolIndex} + 1]) filter (where ${uo.stage} in ('completed', 'with_supplier', 'moved_by_guarantee')), 0) + coalesce(sum(${uo.lossCents}), 0))::int`,
    })
    .from(t.orders)
    .innerJoin(uo, eq(uo.orderId, t.orders.id))
    .where(and(eq(t.orders.kind, kind), gte(t.orders.createdAt, since)));
  return row?.costCents ?? 0;
}
