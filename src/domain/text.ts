import { z } from 'zod';
import {
  INTEGER_COLUMN_MAX,
  LONE_SURROGATE_MESSAGE,
  NUL_MESSAGE,
  TEXT_MAX,
  hasLoneSurrogate,
  hasNul,
  isBoundedText,
  tooLargeMessage,
  tooLongMessage,
} from './text-limits.ts';

export {
  INTEGER_COLUMN_MAX,
  LONE_SURROGATE_MESSAGE,
  NUL_MESSAGE,
  TEXT_MAX,
  hasLoneSurrogate,
  hasNul,
  isBoundedText,
  tooLargeMessage,
  tooLongMessage,
};

/** A whole number a request may carry into an `integer` column: from `min`, at most the column's bound. */
export function columnInteger(min: number) {
  return z.number().int().min(min).max(INTEGER_COLUMN_MAX, tooLargeMessage(INTEGER_COLUMN_MAX));
}

/** The same, read from a path or query string (a `serial` row id). */
export function columnIntegerParam(min: number) {
  return z.coerce.number().int().min(min).max(INTEGER_COLUMN_MAX, tooLargeMessage(INTEGER_COLUMN_MAX));
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
