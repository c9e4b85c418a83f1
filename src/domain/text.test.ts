import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, boundedText, tooLongMessage } from './text.ts';

describe('boundedText', () => {
  const name = boundedText(5, { error: 'Please type a name' });

  it('accepts text within the bound', () => {
    expect(name.parse('Apple')).toBe('Apple');
  });

  it('refuses a NUL anywhere with its own message', () => {
    for (const text of ['\u0000', 'a\u0000b', 'ab\u0000']) {
      expect(name.safeParse(text).error?.issues.map((i) => i.message)).toEqual([NUL_MESSAGE]);
    }
  });

  it('refuses text over the bound', () => {
    expect(name.safeParse('Apple!').error?.issues.map((i) => i.message)).toEqual([tooLongMessage(5)]);
  });

  it('refuses what is not text with the message given', () => {
    expect(name.safeParse(42).error?.issues.map((i) => i.message)).toEqual(['Please type a name']);
  });
});
