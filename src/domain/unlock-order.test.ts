import { describe, expect, it } from 'vitest';
import { reportedLock } from './unlock-order.ts';

const answer = (blacklisted: boolean | null, lost_mode: boolean | null) => ({ blacklisted, lost_mode });

describe('what checks of an IMEI say stands in the way of an unlock', () => {
  it.each([
    ['no check answered', [], null],
    ['a clean report', [answer(false, false)], null],
    ['a blacklist check that found it', [answer(true, null)], 'blacklisted'],
    ['an Apple report in lost mode', [answer(false, true)], 'lost'],
    ['blacklisted and lost', [answer(true, true)], 'blacklisted'],
    ['a Knox check (neither) after a blacklist hit', [answer(null, null), answer(true, null)], 'blacklisted'],
    ['a clean check after a blacklist hit: the report was lifted', [answer(false, null), answer(true, null)], null],
    ['a newer blacklist hit after a clean check', [answer(true, null), answer(false, false)], 'blacklisted'],
    ['lost mode turned off since', [answer(null, false), answer(false, true)], null],
  ] as const)('%s', (_, results, refusal) => {
    expect(reportedLock(results)).toBe(refusal);
  });
});
