// The store's email rule without zod: the unlock panel's validity badge runs it as the home page
// starts (ADR 097); `email.ts` builds the schemas, whose format is the same pattern.

/** Spec sections 4, 5 and 8: the one message of every email field. */
export const EMAIL_INVALID = 'Please enter a valid email address';

/** RFC 5321: the longest address a mail server accepts. */
export const EMAIL_MAX = 254;

/**
 * zod's email format (`z.regexes.email`, which `z.email()` checks): one '@', a dotted domain, no
 * spaces or NUL. Written out, as importing it from zod brought the whole library into every page's
 * start-up JavaScript; `email.test.ts` holds the two to the same text.
 */
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape -- zod's pattern character for character, so the test can compare the two
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The rule of `emailAddressSchema` as a predicate, for a field's validity badge. */
export function isEmailFormat(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL_PATTERN.test(trimmed);
}
