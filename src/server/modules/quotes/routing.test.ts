import { describe, expect, it } from 'vitest';
import {
  type CandidateTool,
  formatHours,
  priceFromCost,
  roundUpTo99,
  scoreTools,
  selectedReasoning,
} from './routing.ts';

const tool = (toolId: string, costCents: number, hours: [number, number], successPermille: number): CandidateTool => ({
  toolId,
  name: `Tool ${toolId}`,
  costCents,
  deliveryHoursMin: hours[0],
  deliveryHoursMax: hours[1],
  successPermille,
  requiresCleanCheck: false,
});

describe('roundUpTo99', () => {
  it.each([
    [3712, 3799],
    [3799, 3799],
    [3800, 3899],
    [1, 99],
    [100, 199],
  ])('%i → %i', (cents, expected) => expect(roundUpTo99(cents)).toBe(expected));
});

describe('priceFromCost', () => {
  it.each([
    {
      cost: 1500,
      rule: { markupPercent: 60, minMarginCents: 1000, roundTo99: true, minMarginPercent: 0 },
      expected: 2599,
    },
    {
      cost: 10000,
      rule: { markupPercent: 60, minMarginCents: 1000, roundTo99: true, minMarginPercent: 0 },
      expected: 16099,
    },
    {
      cost: 900,
      rule: { markupPercent: 60, minMarginCents: 1500, roundTo99: true, minMarginPercent: 0 },
      expected: 2499,
    },
    {
      cost: 1234,
      rule: { markupPercent: 50, minMarginCents: 0, roundTo99: false, minMarginPercent: 0 },
      expected: 1851,
    },
  ])('cost $cost with $rule.markupPercent% markup → $expected', ({ cost, rule, expected }) => {
    expect(priceFromCost(cost, rule)).toBe(expected);
  });

  it.each([
    // 60% markup on $49.00 is $78.40; a 50% minimum margin asks $98.00.
    [4900, { markupPercent: 60, minMarginCents: 1000, roundTo99: true, minMarginPercent: 50 }, 9899],
    // 10% markup on $10.00 is $11.00; 15% of the price is $11.77.
    [1000, { markupPercent: 10, minMarginCents: 0, roundTo99: false, minMarginPercent: 15 }, 1177],
  ])('keeps the minimum margin in percent of the price: cost %i → %i', (cost, rule, expected) => {
    expect(priceFromCost(cost, rule)).toBe(expected);
  });

  it('never charges less than cost plus the minimum margin', () => {
    const price = priceFromCost(500, {
      markupPercent: 10,
      minMarginCents: 2000,
      roundTo99: false,
      minMarginPercent: 0,
    });
    expect(price).toBe(2500);
  });
});

describe('scoreTools', () => {
  it('prefers the reliable tool over a cheaper, less successful one', () => {
    const [best] = scoreTools([tool('cheap', 1000, [24, 72], 700), tool('solid', 1500, [24, 72], 980)]);
    expect(best?.toolId).toBe('solid');
  });

  it('prefers the faster of two equally reliable, equally priced tools', () => {
    const [best, next] = scoreTools([tool('slow', 2000, [72, 168], 950), tool('fast', 2000, [1, 24], 950)]);
    expect(best?.toolId).toBe('fast');
    expect(next?.toolId).toBe('slow');
  });

  it('scores a lone tool on its own merits, between 0 and 1', () => {
    const [only] = scoreTools([tool('only', 2000, [24, 72], 900)]);
    expect(only?.score).toBe(0.95);
  });

  it('returns nothing for no candidates', () => {
    expect(scoreTools([])).toEqual([]);
  });
});

describe('formatHours and reasoning', () => {
  it.each([
    [24, 72, '24-72'],
    [48, 48, 48],
  ])('%i-%i → %s', (min, max, expected) => expect(formatHours(min, max)).toBe(expected));

  it('explains the choice in one sentence', () => {
    const [primary] = scoreTools([tool('a', 2900, [24, 72], 970), tool('b', 4900, [1, 24], 950)]);
    expect(selectedReasoning(primary!, 1)).toMatch(
      /^Chose Tool \w because it scored best of 2 matching tools \(score 0\.\d{3}: 9\d\.\d% success, \d+-\d+ h, cost \$\d+\.\d{2}\)\.$/,
    );
  });
});
