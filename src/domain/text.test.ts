import { describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE, boundedText, tooLongMessage } from './text.ts';

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

describe('boundedText and UTF-16', () => {
  const schema = boundedText(20);
  it.each([
    ['a high half alone', '\uD800', false],
    ['a low half alone', 'a\uDC00b', false],
    ['a high half at the end', 'ok\uD83D', false],
    ['two high halves', '\uD83D\uD83D\uDCA5', false],
    ['a whole pair', '💥', true],
    ['plain text', 'Safari 17', true],
  ])('%s: accepted %s', (_, text, accepted) => {
    const result = schema.safeParse(text);
    expect(result.success).toBe(accepted);
    if (!result.success) expect(result.error.issues[0]?.message).toBe(LONE_SURROGATE_MESSAGE);
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
