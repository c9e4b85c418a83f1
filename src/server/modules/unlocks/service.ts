import type { DeviceServiceId } from '../../../domain/device-services.ts';
import { maskImei } from '../../../domain/imei.ts';
import { shortId } from '../../../domain/short-id.ts';
import {
  MIN_COMPLETED_FOR_AVERAGE,
  supplierWorkEvents,
  unlockInstructions,
} from '../../../domain/unlock-fulfilment.ts';
import type { UnlockDetails } from '../../../domain/unlock-order.ts';
import {
  canMoveAttempt,
  canMoveUnlock,
  SUPPLIER_ERRORS_BEFORE_ATTENTION,
  UNLOCK_WORKING_STAGES,
  type UnlockAttemptState,
  type UnlockStage,
} from '../../../domain/unlock-process.ts';
import type { Db } from '../../db/client.ts';
import { orderEvents, type OrderItem } from '../orders/service.ts';
import * as repo from './repo.ts';

export type UnlockPlan = repo.UnlockPlanRow;
export type UnlockAttempt = repo.UnlockAttemptRow;

/** A supplier tool as a plan keeps it (the quotes module's PlanTool): its id, cost and guaranteed hours. */
export interface PlannedTool {
  readonly toolId: string;
  readonly costCents: number;
  readonly deliveryHoursMax: number;
}

/** The plan of a new unlock order: the primary tool first, then its alternatives, best first. */
export function createUnlockPlan(
  db: Db,
  plan: {
    orderId: string;
    /** A carrier unlock's quote; a device service names its `service` and `fields` instead. */
    quoteId: string | null;
    service?: DeviceServiceId;
    fields?: Readonly<Record<string, string>>;
    imei: string;
    brandSlug: string;
    tools: readonly PlannedTool[];
    averageHours: number;
    guaranteedHours: number;
  },
) {
  return repo.insertPlan(db, {
    orderId: plan.orderId,
    quoteId: plan.quoteId,
    service: plan.service ?? null,
    fields: { ...plan.fields },
    imei: plan.imei,
    brandSlug: plan.brandSlug,
    toolIds: plan.tools.map((tool) => tool.toolId),
    toolCostsCents: plan.tools.map((tool) => tool.costCents),
    toolMaxHours: plan.tools.map((tool) => tool.deliveryHoursMax),
    averageHours: plan.averageHours,
    guaranteedHours: plan.guaranteedHours,
  });
}

export const unlockPlan = repo.findPlan;
export const currentAttempt = (db: Db, plan: UnlockPlan) => repo.findAttempt(db, plan.orderId, plan.toolIndex);
export const unlockAttempts = repo.selectAttempts;
export const supplierCostSince = repo.selectSupplierCostSince;
export const setUnlockDeadline = repo.setDeadline;
export const countSupplierError = repo.countSupplierError;
export const resetSupplierErrors = repo.resetSupplierErrors;

/** Working unlocks whose supplier keeps failing, each with why a person should look. */
export async function failingSupplierWork(db: Db, kind: 'unlock' | 'device_service', limit: number) {
  const rows = await repo.selectFailingSupplierWork(db, kind, SUPPLIER_ERRORS_BEFORE_ATTENTION, limit);
  return rows.map((row) => ({
    orderId: row.orderId,
    reason: row.kind === 'account' ? ('supplier_account' as const) : ('supplier_unreachable' as const),
  }));
}
export const countRefundFailure = repo.countRefundFailure;
export const countPoll = repo.countPoll;

/**
 * The one way an unlock's stage changes: checked against the stage table, written only if the
 * plan is still in one of `from` (and on `toolIndex`, when given). False when another run moved it first.
 */
export function moveUnlock(
  db: Db,
  orderId: string,
  from: UnlockStage | readonly UnlockStage[],
  to: UnlockStage,
  options: { toolIndex?: number; set?: Parameters<typeof repo.moveStage>[2]['set'] } = {},
): Promise<boolean> {
  const froms = typeof from === 'string' ? [from] : from;
  for (const stage of froms) {
    if (!canMoveUnlock(stage, to)) throw new Error(`an unlock cannot go from ${stage} to ${to}`);
  }
  return repo.moveStage(db, orderId, { from: froms, to, ...options });
}

/** The one way an attempt's state changes, checked against the attempt table; false when it had moved already. */
export function moveAttempt(
  db: Db,
  attemptId: number,
  from: UnlockAttemptState | readonly UnlockAttemptState[],
  to: UnlockAttemptState,
  options: { detail?: string | null; at?: Date | null } = {},
): Promise<boolean> {
  const froms = typeof from === 'string' ? [from] : from;
  for (const state of froms) {
    if (!canMoveAttempt(state, to)) throw new Error(`an unlock attempt cannot go from ${state} to ${to}`);
  }
  return repo.moveAttempt(db, attemptId, { from: froms, to, detail: options.detail, at: options.at ?? new Date() });
}

/** A rejection moves a working unlock on to the next tool of its plan, once. */
export const moveToNextTool = (db: Db, orderId: string, from: number) =>
  repo.nextTool(db, orderId, { from, to: from + 1, stages: UNLOCK_WORKING_STAGES });

/** Working unlocks past their deadline, or without one yet: what the guarantee looks at. */
export const unlocksDueForGuarantee = (db: Db, now: Date, limit: number) =>
  repo.selectDueForGuarantee(db, UNLOCK_WORKING_STAGES, now, limit);

/**
 * The payment of an unlock, in the transaction that records it: the unlock goes to its supplier,
 * unless another paid unlock of the same IMEI is with a supplier already; then its refund is owed
 * (one paid unlock per IMEI at a time). The IMEI's lock makes two payments recorded at the same
 * moment take turns. Answers the open order a duplicate was refused for.
 */
export async function claimImeiAtPayment(tx: Db, orderId: string): Promise<{ duplicateOf: string | null }> {
  const plan = await repo.findPlan(tx, orderId);
  if (!plan) throw new Error(`unlock order ${orderId} has no tool plan`);
  await repo.lockImei(tx, plan.imei);
  const open = await repo.orderOfImeiIn(tx, plan.imei, plan.service, UNLOCK_WORKING_STAGES, orderId);
  if (open) {
    await moveUnlock(tx, orderId, 'awaiting_payment', 'refunding', {
      set: { duplicateOf: open, refundReason: supplierWorkEvents(plan).duplicate(shortId(open)) },
    });
    return { duplicateOf: open };
  }
  await moveUnlock(tx, orderId, 'awaiting_payment', 'with_supplier');
  return { duplicateOf: null };
}

/** Our own id of the submission of an order to its n-th tool: the same on every retry, never reused. */
export function submissionReference(orderId: string, toolIndex: number): string {
  return `OL-${orderId}-${toolIndex}`;
}

/** The attempt of the plan's current tool, recorded before the supplier is called. */
export function startAttempt(db: Db, plan: UnlockPlan): Promise<UnlockAttempt> {
  const toolId = plan.toolIds[plan.toolIndex];
  if (!toolId) throw new Error(`unlock ${plan.orderId} has no tool ${plan.toolIndex}`);
  return repo.ensureAttempt(db, {
    orderId: plan.orderId,
    toolIndex: plan.toolIndex,
    toolId,
    reference: submissionReference(plan.orderId, plan.toolIndex),
  });
}

export const recordSupplierRef = (db: Db, attemptId: number, supplierRef: string, at = new Date()) =>
  repo.setSupplierRef(db, attemptId, supplierRef, at);

/** Unlock orders of the device with this IMEI (14-17 digits, matched on the first 14), newest first: order lookup. */
export const unlockOrdersOfDevice = (db: Db, imei: string, limit: number) =>
  repo.ordersOfDevice(db, imei, limit, false);
/** Device service orders of the device with this IMEI, likewise. */
export const serviceOrdersOfDevice = (db: Db, imei: string, limit: number) =>
  repo.ordersOfDevice(db, imei, limit, true);

/** The order of this IMEI whose paid unlock (or device `service`) is with a supplier, if any. */
export function unlockInProgress(db: Db, imei: string, service: DeviceServiceId | null = null): Promise<string | null> {
  return repo.orderOfImeiIn(db, imei, service, UNLOCK_WORKING_STAGES);
}

/** Tools with enough completed unlocks, with their mean hours from submission to result (the quote's average). */
export async function toolDeliveryAverages(db: Db): Promise<Map<string, number>> {
  const rows = await repo.selectToolAverages(db);
  return new Map(
    rows
      .filter((row) => row.completed >= MIN_COMPLETED_FOR_AVERAGE)
      .map((row) => [row.toolId, Math.max(1, Math.round(row.averageHours))]),
  );
}

/** When the order was paid (its first 'paid' event), or null before. */
export async function paidAt(db: Db, orderId: string): Promise<Date | null> {
  const events = await orderEvents(db, orderId);
  return events.find((event) => event.status === 'paid')?.createdAt ?? null;
}

function text(details: Record<string, unknown>, key: string): string {
  const value = details[key];
  return typeof value === 'string' ? value : '';
}

/** The unlock part of an order's answer: the device as sold, the delivery promise and the result. */
export async function unlockDetails(
  db: Db,
  orderId: string,
  items: readonly OrderItem[],
): Promise<UnlockDetails | null> {
  const plan = await repo.findPlan(db, orderId);
  if (!plan) return null;
  const details = items[0]?.details ?? {};
  const paid = plan.deadlineAt ? null : await paidAt(db, orderId);
  const guaranteedBy = plan.deadlineAt ?? (paid ? new Date(paid.getTime() + plan.guaranteedHours * 3_600_000) : null);
  const success = (await repo.selectAttempts(db, orderId)).find((attempt) => attempt.state === 'succeeded');
  return {
    imei_masked: maskImei(plan.imei),
    device: text(details, 'device'),
    carrier: text(details, 'carrier'),
    country: text(details, 'country'),
    average_hours: plan.averageHours,
    guaranteed_hours: plan.guaranteedHours,
    guaranteed_by: guaranteedBy ? guaranteedBy.toISOString() : null,
    result: success ? { message: success.detail ?? '', instructions: unlockInstructions(plan.brandSlug) } : null,
  };
}
