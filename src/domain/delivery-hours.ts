// Delivery estimates as quotes carry them: zod-free, so pages that only display them stay light.

export const FALLBACK_HOURS = '24-72';

/** A whole number of hours, or a range such as '24-72'. */
export type EstimatedHours = number | `${number}-${number}`;

const HOURS_RANGE = /^(\d+)\s*-\s*(\d+)$/;

export function isHoursRange(value: unknown): value is `${number}-${number}` {
  const match = typeof value === 'string' ? /^(\d+)-(\d+)$/.exec(value) : null;
  return match !== null && Number(match[1]) <= Number(match[2]);
}

/** Hours as an answer may give them (a number, '48', '72 - 24'), or null when unreadable. */
export function readHours(value: unknown): EstimatedHours | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const range = HOURS_RANGE.exec(value.trim());
  if (!range) return null;
  const [low, high] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b);
  return `${low ?? 0}-${high ?? 0}`;
}

export function estimatedHoursRange(hours: EstimatedHours): { min: number; max: number } {
  if (typeof hours === 'number') return { min: hours, max: hours };
  const range = readHours(hours) ?? FALLBACK_HOURS;
  const [min, max] = String(range).split('-').map(Number);
  return { min: min ?? 0, max: max ?? min ?? 0 };
}

const HOURS_PER_DAY = 24;

/**
 * A delivery promise in the words every screen and email uses (issue 44: one promise): "1 hour",
 * "36 hours" up to two days, then whole days rounded up ("3 days"), never "2 d 23 h".
 */
export function formatPromiseHours(hours: number): string {
  const whole = Math.max(1, Math.ceil(hours));
  if (whole <= 2 * HOURS_PER_DAY) return `${whole} ${whole === 1 ? 'hour' : 'hours'}`;
  return `${Math.ceil(whole / HOURS_PER_DAY)} days`;
}
