import { z } from 'zod';

/**
 * Limits of the text a request may carry. Generous for people, tiny for a database: nothing a
 * shopper types comes near them, and a request over them is refused with a 400 (ADR 023).
 */
export const TEXT_MAX = {
  /** A name picked from a list or typed: brand, model, carrier, country, a package id. */
  name: 100,
  /** An identifier or token the store handed out (session id, order token, reset token). */
  token: 200,
  /** An address on the web (a redirect or callback URL). */
  url: 2048,
  /** The carriers of one request, comma-joined slugs. */
  carriers: 500,
  /** A short free text such as service-request notes. */
  note: 1000,
} as const;

/** PostgreSQL text cannot hold U+0000, and no person types it. */
export const NUL_MESSAGE = 'Text must not contain NUL (\\u0000) characters.';
export const tooLongMessage = (max: number) => `Use at most ${max} characters.`;

export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** JSON can carry half of a UTF-16 pair alone; PostgreSQL's jsonb refuses it, and no keyboard types it. */
export const LONE_SURROGATE_MESSAGE = 'Text must be valid Unicode (no lone surrogate characters).';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * The building block of every string a request carries: at most `max` characters, free of NUL and
 * of lone surrogates, each refused with its own clear message and no further checks. `error` is the message for a
 * value that is not text; `tooLong` replaces the length message where the spec names one.
 */
export function boundedText(max: number, options: { error?: string; tooLong?: string } = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .max(max, { message: options.tooLong ?? tooLongMessage(max), abort: true })
    .refine((text) => !hasNul(text), { message: NUL_MESSAGE, abort: true })
    .refine((text) => !hasLoneSurrogate(text), { message: LONE_SURROGATE_MESSAGE, abort: true });
}
