import { useInBrowser } from '~/lib/use-hydrated';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Where a time is shown: the reader's own zone, or UTC (named) where their zone is not known yet. */
export type TimeZoneShown = 'local' | 'UTC';

function format(iso: string, local: Intl.DateTimeFormat, utc: Intl.DateTimeFormat, zone: TimeZoneShown): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return zone === 'local' ? local.format(at) : `${utc.format(at)} UTC`;
}

/** 'Nov 24, 2026, 3:05 PM' in the customer's own time zone; the raw text if it is no date. */
export function formatDateTime(iso: string, zone: TimeZoneShown = 'local'): string {
  return format(iso, dateTime, dateTimeUtc, zone);
}

/** 'Nov 24, 2026' in the customer's own time zone; the raw text if it is no date. */
export function formatDate(iso: string, zone: TimeZoneShown = 'local'): string {
  return format(iso, date, dateUtc, zone);
}

/**
 * The zone a component shows times in: UTC while the server renders a page and the browser
 * hydrates it (both draw the same text; the server does not know the reader's zone), the reader's
 * own from then on (ADR 102).
 */
export function useTimeZoneShown(): TimeZoneShown {
  return useInBrowser() ? 'local' : 'UTC';
}
