import { describe, expect, it } from 'vitest';
import { fillStoreFacts } from './info-pages.ts';
import { RETENTION, RETENTION_FACTS, retentionCutoff } from './retention.ts';

describe('retention periods', () => {
  const now = new Date('2030-06-15T12:00:00Z');
  it.each([
    ['quotes', '2030-03-17T12:00:00.000Z'],
    ['paymentEvents', '2030-05-16T12:00:00.000Z'],
    ['bugReports', '2029-06-15T12:00:00.000Z'],
    ['sessions', '2030-06-15T12:00:00.000Z'],
  ] as const)('%s older than %s are deleted', (kind, cutoff) => {
    expect(retentionCutoff(kind, now).toISOString()).toBe(cutoff);
  });

  it('keeps orders at least 7 whole years, leap days included', () => {
    expect(retentionCutoff('orders', now).getTime()).toBeLessThanOrEqual(new Date('2023-06-15T12:00:00Z').getTime());
  });

  it.each([
    ['{{keepOrders}}', RETENTION.orders.label],
    ['{{keepQuotes}}', '90 days'],
    ['{{keepBugReports}}', '12 months after the report'],
    ['{{keepServiceRequests}}', '12 months after the request'],
  ])('the privacy page says %s as %s', (placeholder, text) => {
    expect(fillStoreFacts(placeholder)).toBe(text);
  });

  it('names every period once as a placeholder', () => {
    expect(Object.keys(RETENTION_FACTS)).toHaveLength(Object.keys(RETENTION).length);
  });
});
