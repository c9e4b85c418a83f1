import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './time-format';

describe('times shown', () => {
  it.each([
    { iso: '2026-11-24T15:05:00.000Z', zone: 'UTC', dateTime: 'Nov 24, 2026, 3:05 PM UTC', date: 'Nov 24, 2026 UTC' },
    { iso: '2026-11-24T23:30:00.000Z', zone: 'UTC', dateTime: 'Nov 24, 2026, 11:30 PM UTC', date: 'Nov 24, 2026 UTC' },
    { iso: 'not a date', zone: 'UTC', dateTime: 'not a date', date: 'not a date' },
    { iso: 'not a date', zone: 'local', dateTime: 'not a date', date: 'not a date' },
  ] as const)('$iso in $zone', ({ iso, zone, dateTime, date }) => {
    expect(formatDateTime(iso, zone)).toBe(dateTime);
    expect(formatDate(iso, zone)).toBe(date);
  });

  it('shows the reader’s own zone unnamed', () => {
    const iso = '2026-11-24T15:05:00.000Z';
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    expect(formatDateTime(iso)).toBe(local);
  });
});
