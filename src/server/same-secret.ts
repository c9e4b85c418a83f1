import { timingSafeEqual } from 'node:crypto';

/** Whether a secret given with a request is the expected one, compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
