import { describe, expect, it } from 'vitest';
import {
  canMoveAttempt,
  canMoveUnlock,
  UNLOCK_ATTEMPT_STATES,
  UNLOCK_ATTEMPT_TRANSITIONS,
  UNLOCK_OPEN_STAGES,
  UNLOCK_STAGE_TRANSITIONS,
  UNLOCK_STAGES,
  UNLOCK_WORKING_STAGES,
} from './unlock-process.ts';

describe('the unlock stage table', () => {
  it.each([
    ['awaiting_payment', 'with_supplier', true],
    ['awaiting_payment', 'refunding', true],
    ['awaiting_payment', 'completed', false],
    ['with_supplier', 'moved_by_guarantee', true],
    ['with_supplier', 'completed', true],
    ['with_supplier', 'refunding', true],
    ['with_supplier', 'refunded', false],
    ['moved_by_guarantee', 'moved_by_guarantee', false],
    ['moved_by_guarantee', 'with_supplier', false],
    ['moved_by_guarantee', 'refunding', true],
    ['refunding', 'watching', true],
    ['refunding', 'refunded', true],
    ['refunding', 'completed', false],
    ['watching', 'completed_after_refund', true],
    ['watching', 'refunded', true],
    ['watching', 'with_supplier', false],
    ['completed', 'refunding', false],
    ['refunded', 'watching', false],
    ['completed_after_refund', 'refunded', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canMoveUnlock(from, to)).toBe(allowed);
  });

  it('names only known stages, and every open stage can still end', () => {
    for (const targets of Object.values(UNLOCK_STAGE_TRANSITIONS)) {
      for (const to of targets) expect(UNLOCK_STAGES).toContain(to);
    }
    for (const stage of UNLOCK_OPEN_STAGES) expect(UNLOCK_STAGE_TRANSITIONS[stage].length).toBeGreaterThan(0);
    expect(UNLOCK_WORKING_STAGES.every((stage) => UNLOCK_OPEN_STAGES.includes(stage))).toBe(true);
  });

  it('moves an unlock to a faster tool at most once: no path leads back to a stage that may move it', () => {
    const reachable = new Set<string>();
    const visit = (stage: keyof typeof UNLOCK_STAGE_TRANSITIONS) => {
      for (const next of UNLOCK_STAGE_TRANSITIONS[stage]) {
        if (!reachable.has(next)) {
          reachable.add(next);
          visit(next);
        }
      }
    };
    visit('moved_by_guarantee');
    expect(reachable.has('with_supplier')).toBe(false);
  });
});

describe('the unlock attempt table', () => {
  it.each([
    ['placing', 'placed', true],
    ['placing', 'rejected', true],
    ['placing', 'abandoned', true],
    ['placing', 'succeeded', false],
    ['placed', 'succeeded', true],
    ['placed', 'watched', true],
    ['placed', 'placing', false],
    ['watched', 'succeeded', true],
    ['watched', 'expired', true],
    ['watched', 'abandoned', false],
    ['abandoned', 'placed', false],
    ['succeeded', 'rejected', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canMoveAttempt(from, to)).toBe(allowed);
  });

  it('names only known states', () => {
    for (const targets of Object.values(UNLOCK_ATTEMPT_TRANSITIONS)) {
      for (const to of targets) expect(UNLOCK_ATTEMPT_STATES).toContain(to);
    }
  });
});
