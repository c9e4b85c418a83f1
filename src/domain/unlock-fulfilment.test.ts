import { describe, expect, it } from 'vitest';
import { unlockInstructions, windowAverageHours } from './unlock-fulfilment.ts';

describe('windowAverageHours', () => {
  it.each([
    [24, 72, 48],
    [1, 24, 13],
    [0, 0, 1],
    [72, 168, 120],
  ])('the usual time of a %i-%i h window is %i h', (min, max, expected) => {
    expect(windowAverageHours(min, max)).toBe(expected);
  });
});

describe('unlockInstructions', () => {
  it('tells an iPhone owner to insert another SIM, a code brand to enter the code', () => {
    expect(unlockInstructions('apple').join(' ')).toMatch(/another carrier/);
    expect(unlockInstructions('apple').join(' ')).not.toMatch(/code/i);
    expect(unlockInstructions('samsung').join(' ')).toMatch(/Network unlock PIN/);
    expect(unlockInstructions('motorola').join(' ')).toMatch(/enter the code/);
  });

  it('hands out a copy: a caller cannot change the texts', () => {
    unlockInstructions('apple').push('changed');
    expect(unlockInstructions('apple')).not.toContain('changed');
  });
});
