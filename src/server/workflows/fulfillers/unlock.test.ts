import { describe, expect, it } from 'vitest';
import { backoffSeconds, DEFAULT_UNLOCK_BACKOFF } from './unlock.ts';

describe('the unlock poll backoff', () => {
  it.each([
    [0, 30],
    [1, 60],
    [2, 120],
    [3, 240],
    [4, 480],
    [5, 900],
    [20, 900],
    [-1, 30],
  ])('after %i looks waits %i s', (tries, seconds) => {
    expect(backoffSeconds(DEFAULT_UNLOCK_BACKOFF, tries)).toBe(seconds);
  });
});
