import { checkResultHref } from '../../../domain/device-checks';

/** The checks this browser opened (their result links), newest first: a guest's list of results. */
export interface RecentCheck {
  readonly id: string;
  readonly token: string | null;
  readonly title: string;
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

export function rememberCheck(check: RecentCheck): void {
  try {
    const others = readRecentChecks().filter((other) => other.id !== check.id);
    localStorage.setItem(KEY, JSON.stringify([check, ...others].slice(0, MAX)));
  } catch {
    // Private mode or a full storage: the list is a convenience, the emailed link still works.
  }
}

export function recentCheckHref(check: RecentCheck): string {
  return checkResultHref(check.id, check.token);
}
