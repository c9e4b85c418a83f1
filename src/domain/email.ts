import { z } from 'zod';
import { EMAIL_INVALID, EMAIL_MAX, isEmailFormat } from './email-format.ts';

export { EMAIL_INVALID, EMAIL_MAX, isEmailFormat };

// The store's email rule: zod's email format, whose pattern is EMAIL_PATTERN (`isEmailFormat`).
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

/**
 * An address shown to whoever holds a link but may not be its owner (the sandbox payment page's
 * session id): its first character and its domain, e.g. `t•••@example.com`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
