import { z } from 'zod';
import {
  LONE_SURROGATE_MESSAGE,
  NUL_MESSAGE,
  TEXT_MAX,
  hasLoneSurrogate,
  hasNul,
  isBoundedText,
  tooLongMessage,
} from './text-limits.ts';

export { LONE_SURROGATE_MESSAGE, NUL_MESSAGE, TEXT_MAX, hasLoneSurrogate, hasNul, isBoundedText, tooLongMessage };

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
