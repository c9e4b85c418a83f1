import { z } from 'zod';
import { plainKind } from './kind.ts';

/**
 * The test suite's kind (ADR 068): a line delivered at once with a code. No page sells it; it
 * exists to prove that a kind plugs in through its own modules and one line in each registry.
 */
export const sampleKind = plainKind('sample', {
  headline: (status, label) => (status === 'fulfilled' ? 'Your sample is ready' : label),
});

/** Its code, once delivered. */
export const sampleAnswerPart = { kind: z.literal('sample'), sample: z.object({ code: z.string().nullable() }) };
export const sampleSharedPart = { kind: z.literal('sample') };

/** The code of a delivered sample order: derived from its id, so nothing more is stored. */
export function sampleCode(orderId: string): string {
  return `SAMPLE-${orderId.slice(0, 8).toUpperCase()}`;
}
