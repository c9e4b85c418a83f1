// The limits and checks of every string a request may carry, without zod: the home page's panel
// uses them as it starts (ADR 097); `text.ts` builds the schemas from them.

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

/** The largest value a PostgreSQL `integer` column holds: a count or an amount in cents past it is a 400. */
export const INTEGER_COLUMN_MAX = 2_147_483_647;
export const tooLargeMessage = (max: number) => `Use at most ${max}.`;

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

/** What `boundedText(max)` accepts: at most `max` characters, no NUL, no lone surrogate. */
export function isBoundedText(text: string, max: number): boolean {
  return text.length <= max && !hasNul(text) && !hasLoneSurrogate(text);
}
