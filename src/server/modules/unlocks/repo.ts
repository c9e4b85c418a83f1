import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { IMEI_IDENTITY_DIGITS } from '../../../domain/order-lookup.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type UnlockPlanRow = typeof t.unlockOrders.$inferSelect;
export type NewUnlockPlan = typeof t.unlockOrders.$inferInsert;
export type UnlockAttemptRow = typeof t.unlockAttempts.$inferSelect;
export type AttemptOutcome = 'success' | 'rejected' | 'abandoned';

export async function insertPlan(db: Db, plan: NewUnlockPlan) {
  await db.insert(t.unlockOrders).values(plan);
}

export async function findPlan(db: Db, orderId: string): Promise<UnlockPlanRow | null> {
  const [row] = await db.select().from(t.unlockOrders).where(eq(t.unlockOrders.orderId, orderId));
  return row ?? null;
}

/** Orders of this IMEI whose unlock is not over (any payment state: the caller checks it). */
export async function unsettledOrdersOfImei(db: Db, imei: string): Promise<string[]> {
  const rows = await db
    .select({ orderId: t.unlockOrders.orderId })
    .from(t.unlockOrders)
    .where(and(eq(t.unlockOrders.imei, imei), isNull(t.unlockOrders.settledAt)))
    .orderBy(asc(t.unlockOrders.createdAt));
  return rows.map((row) => row.orderId);
}

/** Moves the plan from tool `from` to tool `to`, once: false when another run moved it first. */
export async function advanceTool(
  db: Db,
  orderId: string,
  move: { from: number; to: number; deadlineAt?: Date; guaranteeStep?: { from: number; to: number } },
): Promise<boolean> {
  const rows = await db
    .update(t.unlockOrders)
    .set({
      toolIndex: move.to,
      supplierErrors: 0,
      ...(move.deadlineAt ? { deadlineAt: move.deadlineAt } : {}),
      ...(move.guaranteeStep ? { guaranteeStep: move.guaranteeStep.to } : {}),
    })
    .where(
      and(
        eq(t.unlockOrders.orderId, orderId),
        eq(t.unlockOrders.toolIndex, move.from),
        isNull(t.unlockOrders.settledAt),
        ...(move.guaranteeStep ? [eq(t.unlockOrders.guaranteeStep, move.guaranteeStep.from)] : []),
      ),
    )
    .returning({ orderId: t.unlockOrders.orderId });
  return rows.length > 0;
}

/** Claims the guarantee's refund of an order, once, however many callers race for it. */
export async function claimGuaranteeRefund(db: Db, orderId: string, fromStep: number): Promise<boolean> {
  const rows = await db
    .update(t.unlockOrders)
    .set({ guaranteeStep: 2 })
    .where(
      and(
        eq(t.unlockOrders.orderId, orderId),
        eq(t.unlockOrders.guaranteeStep, fromStep),
        isNull(t.unlockOrders.settledAt),
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

export async function settlePlan(db: Db, orderId: string, at: Date) {
  await db
    .update(t.unlockOrders)
    .set({ settledAt: at })
    .where(and(eq(t.unlockOrders.orderId, orderId), isNull(t.unlockOrders.settledAt)));
}

/** Counts one more supplier error; answers the count. */
export async function countSupplierError(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .update(t.unlockOrders)
    .set({ supplierErrors: sql`${t.unlockOrders.supplierErrors} + 1` })
    .where(eq(t.unlockOrders.orderId, orderId))
    .returning({ errors: t.unlockOrders.supplierErrors });
  return row?.errors ?? 0;
}

export async function resetSupplierErrors(db: Db, orderId: string) {
  await db
    .update(t.unlockOrders)
    .set({ supplierErrors: 0 })
    .where(and(eq(t.unlockOrders.orderId, orderId), sql`${t.unlockOrders.supplierErrors} <> 0`));
}

/** Unsettled unlocks whose deadline is past `now`, or that have none yet (paid before it was set). */
export async function selectDueForGuarantee(db: Db, now: Date, limit: number): Promise<UnlockPlanRow[]> {
  return db
    .select()
    .from(t.unlockOrders)
    .where(
      and(
        isNull(t.unlockOrders.settledAt),
        or(lt(t.unlockOrders.deadlineAt, now), isNull(t.unlockOrders.deadlineAt)),
        lt(t.unlockOrders.guaranteeStep, 2),
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

export async function setSupplierRef(db: Db, id: number, supplierRef: string, at: Date) {
  await db
    .update(t.unlockAttempts)
    .set({ supplierRef, submittedAt: at })
    .where(and(eq(t.unlockAttempts.id, id), isNull(t.unlockAttempts.supplierRef)));
}

/** Records how an attempt ended, once: false when it had already ended. */
export async function finishAttempt(db: Db, id: number, outcome: AttemptOutcome, detail: string | null, at: Date) {
  const rows = await db
    .update(t.unlockAttempts)
    .set({ outcome, detail, finishedAt: at })
    .where(and(eq(t.unlockAttempts.id, id), isNull(t.unlockAttempts.outcome)))
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
        eq(t.unlockAttempts.outcome, 'success'),
        isNotNull(t.unlockAttempts.submittedAt),
        isNotNull(t.unlockAttempts.finishedAt),
      ),
    )
    .groupBy(t.unlockAttempts.toolId);
}

/** Orders whose device has these first 14 digits (an IMEI with or without its check or version digits). */
export async function ordersOfDevice(db: Db, imeiDigits: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orderId: t.unlockOrders.orderId })
    .from(t.unlockOrders)
    .where(sql`left(${t.unlockOrders.imei}, ${IMEI_IDENTITY_DIGITS}) = ${imeiDigits.slice(0, IMEI_IDENTITY_DIGITS)}`)
    .orderBy(desc(t.unlockOrders.createdAt))
    .limit(limit);
  return rows.map((row) => row.orderId);
}
