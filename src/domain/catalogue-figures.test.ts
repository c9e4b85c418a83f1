import { describe, expect, it } from 'vitest';
import { atLeast } from './catalogue-figures.ts';

describe('atLeast', () => {
  it.each([
    { count: 0, claim: '0' },
    { count: 9, claim: '9' },
    { count: 10, claim: '10+' },
    { count: 51, claim: '50+' },
    { count: 129, claim: '120+' },
    { count: 361, claim: '360+' },
    { count: 999, claim: '990+' },
    { count: 1000, claim: '1,000+' },
    { count: 4321, claim: '4,300+' },
  ])('$count: $claim', ({ count, claim }) => {
    expect(atLeast(count)).toBe(claim);
  });
});
