import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN } from './email-format.ts';
import { EMAIL_INVALID, EMAIL_MAX, emailAddressSchema, emailSchema, isEmailFormat, maskEmail } from './email.ts';

const longest = `${'a'.repeat(EMAIL_MAX - '@example.com'.length)}@example.com`;

describe('the email rule', () => {
  it.each([
    ['jane@example.com', true],
    ['  Jane.Doe+shop@Example.co.uk  ', true],
    [longest, true],
    [`a${longest}`, false],
    ['jane@', false],
    ['jane@example', false],
    ['jane example@example.com', false],
    ['jane\u0000@example.com', false],
    ['', false],
    ['\tjane@example.com\n', true],
    ["o'neil_j-x@mail.example.org", true],
    ['.jane@example.com', false],
    ['jane..doe@example.com', false],
    ['jane@-example.com', false],
    ['jane@example.c', false],
    ['jané@example.com', false],
    ['jane@example.com\u0000', false],
  ])('isEmailFormat(%j) → %j, as the schemas say', (email, expected) => {
    expect(isEmailFormat(email)).toBe(expected);
    expect(emailAddressSchema.safeParse(email).success).toBe(expected);
    expect(emailSchema.safeParse(email).success).toBe(expected);
  });

  it('keeps the address as typed (trimmed), or lower-cased where the store keeps it', () => {
    expect(emailAddressSchema.parse(' Jane@Example.com ')).toBe('Jane@Example.com');
    expect(emailSchema.parse(' Jane@Example.com ')).toBe('jane@example.com');
  });

  it.each([['jane@'], [`a${longest}`], [42]])('refuses %j with the spec message', (email) => {
    const issues = emailSchema.safeParse(email).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([EMAIL_INVALID]);
  });

  it("checks zod's email format, written out without zod", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it('says the spec text', () => {
    expect(EMAIL_INVALID).toBe('Please enter a valid email address');
  });
});

describe('maskEmail', () => {
  it.each([
    ['traveller@example.com', 't•••@example.com'],
    ['a@b.co', 'a•••@b.co'],
    ['odd@name@example.com', 'o•••@example.com'],
    ['not-an-address', '•••'],
    ['@example.com', '•••'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
