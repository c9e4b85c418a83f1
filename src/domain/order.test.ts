import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isStaleNews,
  ORDER_KINDS,
  ORDER_STATUS_EXPLANATIONS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderStatesOf,
  PAYABLE_STATUSES,
  type OrderKind,
  type OrderStatus,
} from './order.ts';

/** The table written out by hand, so a change to order.ts must be made here too, on purpose. */
const PAYMENT = [
  'pending_payment → paid',
  'pending_payment → expired',
  'pending_payment → cancelled',
  'expired → paid',
  'cancelled → paid',
  'fulfilled → refund_pending',
  'refund_pending → refunded',
];
const SUPPLIER_WORK = [
  ...PAYMENT,
  'paid → submitted',
  'paid → failed',
  'paid → refund_pending',
  'submitted → in_progress',
  'submitted → fulfilled',
  'submitted → rejected',
  'submitted → rerouted',
  'submitted → failed',
  'in_progress → fulfilled',
  'in_progress → rejected',
  'in_progress → rerouted',
  'in_progress → failed',
  'rejected → rerouted',
  'rejected → refund_pending',
  'rejected → failed',
  'rerouted → submitted',
  'rerouted → in_progress',
  'rerouted → fulfilled',
  'rerouted → rejected',
  'rerouted → failed',
  'failed → refund_pending',
];
const ALLOWED: Record<OrderKind, string[]> = {
  esim: [...PAYMENT, 'paid → fulfilled', 'paid → failed', 'paid → refund_pending'],
  unlock: SUPPLIER_WORK,
  device_service: SUPPLIER_WORK,
  check: [
    ...PAYMENT,
    'paid → in_progress',
    'paid → fulfilled',
    'paid → failed',
    'paid → refund_pending',
    'in_progress → fulfilled',
    'in_progress → failed',
    'failed → refund_pending',
  ],
  license: [...PAYMENT, 'paid → fulfilled', 'paid → failed', 'paid → refund_pending', 'failed → refund_pending'],
  sample: [...PAYMENT, 'paid → fulfilled', 'paid → failed', 'paid → refund_pending', 'failed → refund_pending'],
};

const every: [OrderKind, OrderStatus, OrderStatus][] = ORDER_KINDS.flatMap((kind) =>
  ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.map((to) => [kind, from, to] as [OrderKind, OrderStatus, OrderStatus]),
  ),
);
const allowed = every.filter(([kind, from, to]) => ALLOWED[kind].includes(`${from} → ${to}`));
const forbidden = every.filter(([kind, from, to]) => !ALLOWED[kind].includes(`${from} → ${to}`));

describe('the order state table', () => {
  it.each(allowed)('lets %s go %s → %s', (kind, from, to) => {
    expect(canTransition(kind, from, to)).toBe(true);
  });

  it.each(forbidden)('forbids %s going %s → %s', (kind, from, to) => {
    expect(canTransition(kind, from, to)).toBe(false);
  });

  it('lists every kind and state once: 6 × 12 × 12 moves in all', () => {
    expect(allowed.length + forbidden.length).toBe(6 * 12 * 12);
  });

  it.each([
    ['esim', ['pending_payment', 'paid', 'fulfilled', 'refund_pending', 'refunded', 'cancelled', 'expired', 'failed']],
    ['unlock', [...ORDER_STATUSES]],
    [
      'license',
      ['pending_payment', 'paid', 'fulfilled', 'refund_pending', 'refunded', 'cancelled', 'expired', 'failed'],
    ],
  ] as const)('gives %s its own subset of states', (kind, states) => {
    expect(orderStatesOf(kind)).toEqual(states);
  });

  it('never reroutes an eSIM; reroutes an unlock after a rejection, or while a supplier has it (the guarantee)', () => {
    expect(ORDER_STATUSES.some((from) => canTransition('esim', from, 'rerouted'))).toBe(false);
    expect(ORDER_STATUSES.filter((from) => canTransition('unlock', from, 'rerouted'))).toEqual([
      'submitted',
      'in_progress',
      'rejected',
    ]);
  });

  it.each(ORDER_KINDS)('takes a payment for %s exactly from the payable states', (kind) => {
    expect(ORDER_STATUSES.filter((from) => canTransition(kind, from, 'paid'))).toEqual(PAYABLE_STATUSES);
  });

  it('labels and explains every state for customers', () => {
    for (const status of ORDER_STATUSES) {
      expect(ORDER_STATUS_LABELS[status]).toMatch(/\S/);
      expect(ORDER_STATUS_EXPLANATIONS[status]).toMatch(/\.$/);
    }
  });
});

describe('news that is out of date when it would be sent', () => {
  it.each([
    ['submitted', 'refunded', true],
    ['submitted', 'refund_pending', true],
    ['rerouted', 'failed', true],
    ['in_progress', 'refunded', true],
    ['submitted', 'in_progress', false],
    ['submitted', 'fulfilled', true],
    ['in_progress', 'fulfilled', true],
    ['rerouted', 'fulfilled', true],
    ['paid', 'fulfilled', false],
    ['fulfilled', 'fulfilled', false],
    ['paid', 'refunded', false],
    ['refunded', 'refunded', false],
    ['fulfilled', 'refunded', false],
  ] as const)('a %s event once the order is %s: %s', (event, current, stale) => {
    expect(isStaleNews(event, current)).toBe(stale);
  });
});
