import { maskImei } from '../../../domain/imei.ts';
import type { OrderStatus } from '../../../domain/order.ts';
import { MIN_COMPLETED_FOR_AVERAGE, unlockInstructions } from '../../../domain/unlock-fulfilment.ts';
import type { UnlockDetails } from '../../../domain/unlock-order.ts';
import type { Db } from '../../db/client.ts';
import { findOrder, orderEvents, type OrderItem } from '../orders/service.ts';
import * as repo from './repo.ts';

export type UnlockPlan = repo.UnlockPlanRow;
export type UnlockAttempt = repo.UnlockAttemptRow;

/** The states of an unlock that is paid and not over: a second order of its IMEI is refused meanwhile. */
export const UNLOCK_ACTIVE_STATUSES: readonly OrderStatus[] = [
  'paid',
  'submitted',
  'in_progress',
  'rejected',
  'rerouted',
];

export interface PlannedTool {
  readonly toolId: string;
  readonly costCents: number;
  readonly maxHours: number;
}

/** The plan of a new unlock order: the primary tool first, then its alternatives, best first. */
export function createUnlockPlan(
  db: Db,
  plan: {
    orderId: string;
    quoteId: string;
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
    imei: plan.imei,
    brandSlug: plan.brandSlug,
    toolIds: plan.tools.map((tool) => tool.toolId),
    toolCostsCents: plan.tools.map((tool) => tool.costCents),
    toolMaxHours: plan.tools.map((tool) => tool.maxHours),
    averageHours: plan.averageHours,
    guaranteedHours: plan.guaranteedHours,
  });
}

export const unlockPlan = repo.findPlan;
export const currentAttempt = (db: Db, plan: UnlockPlan) => repo.findAttempt(db, plan.orderId, plan.toolIndex);
export const unlockAttempts = repo.selectAttempts;
export const advanceTool = repo.advanceTool;
export const claimGuaranteeRefund = repo.claimGuaranteeRefund;
export const setUnlockDeadline = repo.setDeadline;
export const settleUnlock = (db: Db, orderId: string, at = new Date()) => repo.settlePlan(db, orderId, at);
export const countSupplierError = repo.countSupplierError;
export const resetSupplierErrors = repo.resetSupplierErrors;
export const countPoll = repo.countPoll;
export const unlocksDueForGuarantee = repo.selectDueForGuarantee;

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
export const finishAttempt = (
  db: Db,
  attemptId: number,
  outcome: repo.AttemptOutcome,
  detail: string | null,
  at = new Date(),
) => repo.finishAttempt(db, attemptId, outcome, detail, at);

/** Unlock orders of the device with this IMEI (14-17 digits, matched on the first 14), newest first: order lookup. */
export const unlockOrdersOfDevice = repo.ordersOfDevice;

/** The order of this IMEI whose unlock is paid and in progress, if any. */
export async function unlockInProgress(db: Db, imei: string): Promise<string | null> {
  for (const orderId of await repo.unsettledOrdersOfImei(db, imei)) {
    const order = await findOrder(db, orderId);
    if (order && UNLOCK_ACTIVE_STATUSES.includes(order.status)) return orderId;
  }
  return null;
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
  const success = (await repo.selectAttempts(db, orderId)).find((attempt) => attempt.outcome === 'success');
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
