import { z } from 'zod';

/** Spec sections 4, 5 and 8: the one message of every email field. */
export const EMAIL_INVALID = 'Please enter a valid email address';

/** RFC 5321: the longest address a mail server accepts. */
export const EMAIL_MAX = 254;

// The store's email rule: zod's email format (one '@', a dotted domain, no spaces or NUL).
const emailFormat = z.email({ error: EMAIL_INVALID });

/** An email address as typed: trimmed, at most EMAIL_MAX characters, in the store's format. */
export const emailAddressSchema = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .max(EMAIL_MAX, EMAIL_INVALID)
  .pipe(emailFormat);

/** An address the store keeps or sends to: as emailAddressSchema, lower-cased so one person is one address. */
export const emailSchema = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, EMAIL_INVALID)
  .pipe(emailFormat);

/** The same rule as a predicate, for a field's validity badge. */
export function isEmailFormat(email: string): boolean {
  return emailAddressSchema.safeParse(email).success;
}

/**
 * An address shown to whoever holds a link but may not be its owner (the sandbox payment page's
 * session id): its first character and its domain, e.g. `t•••@example.com`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
