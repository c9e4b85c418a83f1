/** Spec section 9: an IMEI has 15 digits. */
export const IMEI_LENGTH = 15;
/** Spec section 9: alphanumeric input (serial numbers) is capped at 20 characters. */
export const IMEI_ALPHANUMERIC_MAX = 20;
/** Spec section 9: identifier maximum. */
export const IDENTIFIER_MAX = 17;

/** Spec section 5 "Message set". */
export const IMEI_MESSAGES = {
  required: 'IMEI is required',
  exactLength: 'IMEI must be exactly 15 digits',
  invalid: 'Please enter a valid 15-digit IMEI number',
  // The spec's 'Invalid IMEI checksum' says nothing a shopper can act on (issue 44).
  checksum: 'One of the 15 digits is wrong: check them against *#06#',
} as const;

const SERIAL_MIN = 8;
const DIGITS = /^\d+$/;

/** Removes the separators people type or paste inside an IMEI (spaces, dashes, underscores, dots) and upper-cases. */
export function stripImeiSeparators(raw: string): string {
  return raw.replace(/[\s\-_.]/g, '').toUpperCase();
}

/** Spec section 5 "IMEI input behaviour", for typing and pasting alike. */
export function normalizeImeiInput(raw: string): string {
  const stripped = stripImeiSeparators(raw);
  if (DIGITS.test(stripped) || stripped === '') return stripped.slice(0, IMEI_LENGTH);
  return stripped.replace(/[^A-Z0-9]/g, '').slice(0, IMEI_ALPHANUMERIC_MAX);
}

export function isLuhnValid(digits: string): boolean {
  if (!DIGITS.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const weighted = i % 2 === 1 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return sum % 10 === 0;
}

export function isValidImei(value: string): boolean {
  return value.length === IMEI_LENGTH && isLuhnValid(value);
}

export type ImeiIndicatorStatus = 'empty' | 'incomplete' | 'valid' | 'too-long' | 'invalid';

export interface ImeiIndicator {
  count: number;
  counterText: string;
  status: ImeiIndicatorStatus;
  label: string | null;
}

/** Live counter and badge under the IMEI field; expects the already normalised field value. */
export function imeiIndicator(value: string): ImeiIndicator {
  const count = value.length;
  const counterText = `${count}/${IMEI_LENGTH}`;
  if (count === 0) return { count, counterText, status: 'empty', label: null };
  if (count < IMEI_LENGTH) return { count, counterText, status: 'incomplete', label: null };
  if (count > IMEI_LENGTH) return { count, counterText, status: 'too-long', label: 'Too long' };
  return isValidImei(value)
    ? { count, counterText, status: 'valid', label: 'Valid' }
    : { count, counterText, status: 'invalid', label: 'Invalid' };
}

export type IdentifierKind = 'imei' | 'serial' | 'invalid';

/** Spec section 5 "Identifier kinds", checked in the spec's order. */
export function identifierKind(value: string): IdentifierKind {
  if (isValidImei(value)) return 'imei';
  if (/^[A-Za-z0-9]+$/.test(value) && value.length >= SERIAL_MIN && value.length <= IMEI_ALPHANUMERIC_MAX) {
    return 'serial';
  }
  return 'invalid';
}

const MASK = '***';
const MASK_HEAD = 8;
const MASK_TAIL = 4;

/** Spec section 7 "Reactions": first 8 digits, three asterisks, last 4. */
export function maskImei(imei: string): string {
  // At 12 characters or fewer the head and tail would reveal everything, so only the last 4 stay visible.
  if (imei.length <= MASK_HEAD + MASK_TAIL) return imei.length > MASK_TAIL ? MASK + imei.slice(-MASK_TAIL) : MASK;
  return imei.slice(0, MASK_HEAD) + MASK + imei.slice(-MASK_TAIL);
}
