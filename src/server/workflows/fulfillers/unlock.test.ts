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

describe('the unlock poll backoff without a first wait (tests)', () => {
  it.each([0, 1, 1023, 1024, 5000])('after %i looks still waits a number of seconds, 0', (tries) => {
    expect(backoffSeconds({ firstSeconds: 0, maxSeconds: 1 }, tries)).toBe(0);
  });
});
