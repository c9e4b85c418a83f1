/**
 * The unlock's own process beside its order state (ADR 066): where the store is with the unlock
 * (its stage) and with each submission to a supplier tool (its attempts). Both are named states
 * with their own transition tables; the unlocks module writes them only through its intents.
 */

/**
 * - awaiting_payment: placed, not paid yet;
 * - with_supplier: paid and carried out by the plan's current tool (a rejection moves to the next);
 * - moved_by_guarantee: past its guaranteed time, moved once to a faster tool (never a second time);
 * - refunding: its refund is owed (no tool left, past the guarantee, given up, or a second paid
 *   unlock of an IMEI already with a supplier) and is tried until the money is back;
 * - watching: refunded, while a supplier still holds an order for it: looked at until `watch_until`;
 * - completed: delivered;
 * - refunded: refunded, nothing left at a supplier;
 * - completed_after_refund: a supplier finished it after the refund: the result was delivered at no
 *   charge and the tool's cost recorded as the store's loss.
 */
export const UNLOCK_STAGES = [
  'awaiting_payment',
  'with_supplier',
  'moved_by_guarantee',
  'refunding',
  'watching',
  'completed',
  'refunded',
  'completed_after_refund',
] as const;
export type UnlockStage = (typeof UNLOCK_STAGES)[number];

export const UNLOCK_STAGE_TRANSITIONS: Record<UnlockStage, readonly UnlockStage[]> = {
  awaiting_payment: ['with_supplier', 'refunding'],
  with_supplier: ['moved_by_guarantee', 'completed', 'refunding'],
  moved_by_guarantee: ['completed', 'refunding'],
  refunding: ['watching', 'refunded'],
  watching: ['completed_after_refund', 'refunded'],
  completed: [],
  refunded: [],
  completed_after_refund: [],
};

/** Stages in which a supplier carries the unlock out: one paid unlock of an IMEI at a time may be in them. */
export const UNLOCK_WORKING_STAGES: readonly UnlockStage[] = ['with_supplier', 'moved_by_guarantee'];

/** Stages the store still acts on (a job chain runs for each); the others are over. */
export const UNLOCK_OPEN_STAGES: readonly UnlockStage[] = [...UNLOCK_WORKING_STAGES, 'refunding', 'watching'];

/**
 * What a failed supplier call was: the supplier unreachable (a transport error, tried again soon)
 * or our account refused (credit or credentials: tried again slowly, and a person is asked at once).
 */
export const SUPPLIER_ERROR_KINDS = ['account', 'transport'] as const;
export type SupplierErrorKind = (typeof SUPPLIER_ERROR_KINDS)[number];

/** Transport errors in a row after which an unlock is shown to a person. */
export const SUPPLIER_ERRORS_BEFORE_ATTENTION = 3;

export function canMoveUnlock(from: UnlockStage, to: UnlockStage): boolean {
  return UNLOCK_STAGE_TRANSITIONS[from].includes(to);
}

/**
 * One submission to a supplier tool:
 * - placing: recorded with our reference, the supplier's answer not yet stored;
 * - placed: the supplier holds it (its reference stored) and is looked at with backoff;
 * - succeeded / rejected: the supplier's answer;
 * - abandoned: the store moved on (the guarantee's faster tool, or a refund before it was placed);
 * - watched: refunded while the supplier holds it: still looked at for a while;
 * - expired: watched past the watch time without an answer.
 */
export const UNLOCK_ATTEMPT_STATES = [
  'placing',
  'placed',
  'succeeded',
  'rejected',
  'abandoned',
  'watched',
  'expired',
] as const;
export type UnlockAttemptState = (typeof UNLOCK_ATTEMPT_STATES)[number];

export const UNLOCK_ATTEMPT_TRANSITIONS: Record<UnlockAttemptState, readonly UnlockAttemptState[]> = {
  placing: ['placed', 'rejected', 'abandoned'],
  placed: ['succeeded', 'rejected', 'abandoned', 'watched'],
  watched: ['succeeded', 'rejected', 'expired'],
  succeeded: [],
  rejected: [],
  abandoned: [],
  expired: [],
};

export function canMoveAttempt(from: UnlockAttemptState, to: UnlockAttemptState): boolean {
  return UNLOCK_ATTEMPT_TRANSITIONS[from].includes(to);
}

/** Attempt states the supplier may still answer: the store keeps looking at them. */
export const UNLOCK_ATTEMPT_OPEN_STATES: readonly UnlockAttemptState[] = ['placing', 'placed', 'watched'];

/** How long a refunded unlock is still looked at by its supplier before the store stops (stated in the refund email). */
export const UNLOCK_WATCH_HOURS = 7 * 24;

/** Failed refund tries after which the team is alerted; the tries go on at the longest backoff. */
export const REFUND_ALERT_AFTER_FAILURES = 5;
