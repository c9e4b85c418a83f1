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

describe('boundedText before other checks', () => {
  it('stops at the bound or the NUL, so a field gets one message', () => {
    const code = boundedText(5).regex(/^[A-Z]+$/, 'Letters only');
    expect(code.safeParse('abcdefgh').error?.issues.map((i) => i.message)).toEqual([tooLongMessage(5)]);
    expect(code.safeParse('a\u0000').error?.issues.map((i) => i.message)).toEqual([NUL_MESSAGE]);
    expect(code.safeParse('abc').error?.issues.map((i) => i.message)).toEqual(['Letters only']);
  });

  it('says the spec’s message for an over-long value where one is given', () => {
    const email = boundedText(5, { tooLong: 'Please enter a valid email address' });
    expect(email.safeParse('a@b.example').error?.issues.map((i) => i.message)).toEqual([
      'Please enter a valid email address',
    ]);
  });
});
