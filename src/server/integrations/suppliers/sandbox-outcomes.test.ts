import { describe, expect, it } from 'vitest';
import { isValidImei } from '../../../domain/imei.ts';
import {
  SANDBOX_APPLE_RESULT,
  SANDBOX_OUTCOMES,
  type SandboxOutcome,
  sandboxImei,
  sandboxOutcomeOf,
  sandboxSuccessPoll,
  sandboxUnlockResult,
} from './sandbox-outcomes.ts';

const OUTCOMES = Object.keys(SANDBOX_OUTCOMES) as SandboxOutcome[];

describe('sandbox outcomes by IMEI', () => {
  it.each(OUTCOMES)('sandboxImei(%s) is a valid IMEI the sandbox reads back as that outcome', (outcome) => {
    for (const serial of [0, 1, 42, 9999]) {
      const imei = sandboxImei(outcome, serial);
      expect(isValidImei(imei)).toBe(true);
      expect(imei.slice(12, 14)).toBe(SANDBOX_OUTCOMES[outcome]);
      expect(sandboxOutcomeOf(imei)).toBe(outcome);
    }
  });

  it('gives distinct IMEIs for distinct serials and refuses serials out of range', () => {
    expect(new Set([0, 1, 2, 3].map((serial) => sandboxImei('success', serial))).size).toBe(4);
    expect(() => sandboxImei('success', 10_000)).toThrow(RangeError);
    expect(() => sandboxImei('success', -1)).toThrow(RangeError);
    expect(() => sandboxImei('success', 1.5)).toThrow(RangeError);
  });

  it.each([
    { imei: '356938035643809', outcome: 'success' },
    { imei: '490154203237518', outcome: 'success' },
    { imei: '356938030000902', outcome: 'slow_success' },
    { imei: '356938030000910', outcome: 'rejected_first_service' },
    { imei: '356938030000928', outcome: 'rejected_everywhere' },
    { imei: '356938030000936', outcome: 'transport_errors' },
    { imei: '356938030000944', outcome: 'never_answers' },
    { imei: '356938030000951', outcome: 'stuck_in_process' },
    { imei: '356938030000969', outcome: 'stuck_on_first_service' },
    { imei: '356938030000977', outcome: 'account_refused_once' },
    { imei: '356938030000989', outcome: 'success' },
  ] as const)('$imei (digits 13-14) plays $outcome', ({ imei, outcome }) => {
    expect(sandboxOutcomeOf(imei)).toBe(outcome);
  });

  it('answers an ordinary success on the first or the second poll, fixed per IMEI', () => {
    const polls = Array.from({ length: 10 }, (_, serial) => sandboxSuccessPoll(sandboxImei('success', serial)));
    expect(new Set(polls)).toEqual(new Set([1, 2]));
    expect(sandboxSuccessPoll(sandboxImei('success', 3))).toBe(sandboxSuccessPoll(sandboxImei('success', 3)));
  });

  it('unlocks Apple over the air and gives other brands an 8-16 digit code fixed per IMEI', () => {
    expect(sandboxUnlockResult(sandboxImei('success'), 'apple')).toBe(SANDBOX_APPLE_RESULT);
    for (let serial = 0; serial < 30; serial++) {
      const imei = sandboxImei('success', serial);
      const result = sandboxUnlockResult(imei, 'samsung');
      expect(result).toMatch(/^Unlock code: \d{8,16}$/);
      expect(sandboxUnlockResult(imei, 'samsung')).toBe(result);
    }
  });
});
