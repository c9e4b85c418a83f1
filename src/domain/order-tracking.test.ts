import { describe, expect, it } from 'vitest';
import {
  deliveryCountdown,
  formatRemaining,
  lastUpdatedText,
  mergeOrderEvents,
  parseLastEventId,
  progressSteps,
  sharedEventMessage,
} from './order-tracking.ts';
import type { OrderStatus } from './order.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('parseLastEventId', () => {
  it.each([
    [undefined, 0],
    [null, 0],
    ['', 0],
    ['42', 42],
    [' 7 ', 7],
    ['-3', 0],
    ['1e3', 0],
    ['abc', 0],
    ['9999999999999999', 0],
  ])('%j → %d', (header, expected) => {
    expect(parseLastEventId(header)).toBe(expected);
  });
});

describe('mergeOrderEvents', () => {
  const e = (id: number) => ({ id });
  it.each([
    [[], [e(1)], [1]],
    [
      [e(1), e(2)],
      [e(2), e(3)],
      [1, 2, 3],
    ],
    [[e(1), e(3)], [e(2)], [1, 2, 3]],
    [[e(1)], [], [1]],
    [[e(1), e(2)], [e(1)], [1, 2]],
  ])('%j + %j', (known, incoming, ids) => {
    expect(mergeOrderEvents(known, incoming).map((event) => event.id)).toEqual(ids);
  });
});

describe('lastUpdatedText', () => {
  it.each([
    [0, 'just now'],
    [4_999, 'just now'],
    [5_000, '5 seconds ago'],
    [59_999, '59 seconds ago'],
    [MIN, '1 minute ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [5 * HOUR, '5 hours ago'],
    [-10_000, 'just now'],
  ])('%d ms ago → %s', (ago, text) => {
    expect(lastUpdatedText(1_000_000_000, 1_000_000_000 - ago)).toBe(text);
  });
});

describe('formatRemaining', () => {
  it.each([
    [-5, 'less than a minute'],
    [59_000, 'less than a minute'],
    [MIN, '1 min'],
    [45 * MIN, '45 min'],
    [HOUR, '1 h'],
    [5 * HOUR + 12 * MIN, '5 h 12 min'],
    [24 * HOUR, '24 hours'],
    [52 * HOUR + 30 * MIN, '3 days'],
    [71 * HOUR + 59 * MIN, '3 days'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });
});

describe('deliveryCountdown', () => {
  const paidAt = Date.parse('2026-11-24T10:00:00Z');
  const promise = { averageHours: 24, guaranteedHours: 72, guaranteedBy: new Date(paidAt + 72 * HOUR).toISOString() };

  it('is nothing before payment', () => {
    expect(deliveryCountdown(paidAt, { ...promise, guaranteedBy: null })).toBeNull();
  });

  it.each([
    [0, 'Usually done in 24 hours', 'Guaranteed within 3 days.', 0],
    [20 * HOUR, 'Usually done in 4 h', 'Guaranteed within 3 days.', 20 / 72],
    [
      36 * HOUR,
      'Guaranteed within 36 hours',
      'This one is taking longer than usual. It is still within its guaranteed time.',
      0.5,
    ],
    [
      72 * HOUR,
      'Past the guaranteed time',
      'We are moving it to another supplier or refunding you in full, without you having to ask.',
      1,
    ],
    [
      90 * HOUR,
      'Past the guaranteed time',
      'We are moving it to another supplier or refunding you in full, without you having to ask.',
      1,
    ],
  ])('%d ms after payment', (after, headline, detail, progress) => {
    const countdown = deliveryCountdown(paidAt + after, promise);
    expect(countdown).toMatchObject({
      headline,
      detail,
      averageAt: paidAt + 24 * HOUR,
      guaranteedAt: paidAt + 72 * HOUR,
    });
    expect(countdown?.progress).toBeCloseTo(progress);
  });
});

describe('progressSteps', () => {
  const view = (steps: ReturnType<typeof progressSteps>) => steps.map((s) => `${s.status}:${s.state}`);
  it.each<[string, Parameters<typeof progressSteps>, string[]]>([
    [
      'an unlock in progress',
      ['unlock', 'in_progress', ['pending_payment', 'paid', 'submitted', 'in_progress']],
      ['pending_payment:done', 'paid:done', 'submitted:done', 'in_progress:current', 'fulfilled:upcoming'],
    ],
    [
      'an unpaid unlock',
      ['unlock', 'pending_payment', ['pending_payment']],
      ['pending_payment:current', 'paid:upcoming', 'submitted:upcoming', 'in_progress:upcoming', 'fulfilled:upcoming'],
    ],
    [
      'a delivered eSIM (no supplier steps)',
      ['esim', 'fulfilled', ['pending_payment', 'paid', 'fulfilled']],
      ['pending_payment:done', 'paid:done', 'fulfilled:current'],
    ],
    [
      'a rerouted unlock',
      ['unlock', 'rerouted', ['pending_payment', 'paid', 'submitted', 'rejected', 'rerouted']],
      ['pending_payment:done', 'paid:done', 'submitted:done', 'rerouted:current', 'fulfilled:upcoming'],
    ],
    [
      'a refunded unlock that never reached the supplier',
      ['unlock', 'refunded', ['pending_payment', 'paid', 'refund_pending', 'refunded']],
      ['pending_payment:done', 'paid:done', 'refunded:current'],
    ],
    [
      'an expired checkout',
      ['esim', 'expired', ['pending_payment', 'expired']],
      ['pending_payment:done', 'expired:current'],
    ],
  ])('%s', (_, args, expected) => {
    expect(view(progressSteps(...args))).toEqual(expected);
  });
});

describe('sharedEventMessage', () => {
  it('never repeats what an event said, only what its state means', () => {
    const statuses: OrderStatus[] = ['fulfilled', 'refunded', 'rejected'];
    for (const status of statuses) expect(sharedEventMessage(status)).not.toMatch(/\$|code|@/i);
  });
});
