import { describe, expect, it } from 'vitest';
import { delayNoticeDue, formatHours, ORDER_EMAIL_SUBJECTS } from './order-emails.ts';
import type { OrderStatus } from './order.ts';

const paid = new Date('2026-11-24T10:00:00Z');
const hoursLater = (hours: number) => new Date(paid.getTime() + hours * 3_600_000);

describe('delayNoticeDue', () => {
  it.each<[OrderStatus, number, boolean]>([
    ['submitted', 23.9, false],
    ['submitted', 24, true],
    ['in_progress', 30, true],
    ['paid', 25, true],
    ['rejected', 25, true],
    ['rerouted', 25, true],
    ['fulfilled', 30, false],
    ['refund_pending', 30, false],
    ['refunded', 30, false],
    ['failed', 30, false],
    ['pending_payment', 30, false],
  ])('%s, %s hours after payment (average 24): %s', (status, hours, due) => {
    expect(delayNoticeDue(status, paid, 24, hoursLater(hours))).toBe(due);
  });
});

describe('formatHours', () => {
  it.each([
    [1, '1 hour'],
    [2, '2 hours'],
    [48, '48 hours'],
    [72, '3 days'],
    [96, '4 days'],
    [49, '3 days'],
    [100, '5 days'],
    [0.5, '1 hour'],
  ])('%s → %s', (hours, text) => {
    expect(formatHours(hours)).toBe(text);
  });
});

describe('ORDER_EMAIL_SUBJECTS', () => {
  it.each([
    [ORDER_EMAIL_SUBJECTS.confirmed('unlock', 'a1b2c3d4'), 'Order confirmed: your carrier unlock (order a1b2c3d4)'],
    [ORDER_EMAIL_SUBJECTS.submitted('unlock', 'a1b2c3d4'), 'We have submitted your carrier unlock (order a1b2c3d4)'],
    [
      ORDER_EMAIL_SUBJECTS.delayed('check', 'a1b2c3d4'),
      'Your device check is taking longer than usual (order a1b2c3d4)',
    ],
    [
      ORDER_EMAIL_SUBJECTS.rerouted('unlock', 'a1b2c3d4'),
      'We moved your carrier unlock to another supplier (order a1b2c3d4)',
    ],
    [ORDER_EMAIL_SUBJECTS.esimReady('OpenLine', 'a1b2c3d4'), 'Your OpenLine eSIM is ready (order a1b2c3d4)'],
  ])('%s', (subject, expected) => {
    expect(subject).toBe(expected);
  });
});
