import { checkResultHref } from '../../domain/device-checks';

/** The checks this browser opened (their result links), newest first: a guest's list of results. */
export interface RecentCheck {
  readonly id: string;
  readonly token: string | null;
  /** The product's name ('Full Apple report'). */
  readonly title: string;
  /** The device: its model once the result names it, else the masked identifier (absent in older entries). */
  readonly device?: string | null;
  readonly at: string;
}

const KEY = 'openline.recent-checks';
const MAX = 20;

export function readRecentChecks(): RecentCheck[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as RecentCheck[]).filter((check) => typeof check?.id === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps a check first in the list; seen again, it keeps the time it was first opened. */
export function rememberCheck(check: RecentCheck): void {
  try {
    const stored = readRecentChecks();
    const earlier = stored.find((other) => other.id === check.id);
    const others = stored.filter((other) => other.id !== check.id);
    const entry = earlier ? { ...check, at: earlier.at } : check;
    localStorage.setItem(KEY, JSON.stringify([entry, ...others].slice(0, MAX)));
  } catch {
    // Private mode or a full storage: the list is a convenience, the emailed link still works.
  }
}

export function recentCheckHref(check: RecentCheck): string {
  return checkResultHref(check.id, check.token);
}
