import { describe, expect, it } from 'vitest';
import {
  DELIVERY_STEPS,
  deliveryStepsDone,
  esimInstalls,
  isOrderInProgress,
  itemCoverage,
  orderStatusDetail,
} from './esim-receipt.ts';
import { ORDER_STATUSES } from './order.ts';
import type { OrderAnswer, OrderAnswerOf } from './order-answer.ts';

type Profile = OrderAnswerOf<'esim'>['esim_profiles'][number];

const profile = (orderItemId: string, iccid: string): Profile => ({
  order_item_id: orderItemId,
  iccid,
  smdp_address: 'smdp.example.test',
  matching_id: `M-${iccid}`,
  lpa: `LPA:1$smdp.example.test$M-${iccid}`,
  ios_install_link: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$smdp.example.test$M-${iccid}`,
});

const item = (id: string, name: string, quantity: number): OrderAnswer['items'][number] => ({
  id,
  product_ref: id,
  name,
  quantity,
  unit_price_cents: 500,
  line_total_cents: 500 * quantity,
  details: {},
});

describe('isOrderInProgress', () => {
  it('keeps watching only orders that can still change by themselves', () => {
    expect(ORDER_STATUSES.filter(isOrderInProgress)).toEqual(['pending_payment', 'paid']);
  });
});

describe('deliveryStepsDone', () => {
  it.each([
    ['pending_payment', 0],
    ['paid', 1],
    ['fulfilled', DELIVERY_STEPS.length],
  ] as const)('%s → %d', (status, done) => {
    expect(deliveryStepsDone(status)).toBe(done);
  });
});

describe('orderStatusDetail', () => {
  it('tells a refunded failed order the amount that went back', () => {
    expect(orderStatusDetail({ status: 'failed', refunded: true, total_cents: 1530 }, '$15.30')).toContain(
      'we have refunded $15.30 to your original payment method',
    );
  });

  it('says nothing was charged for a free failed order, and promises a refund otherwise', () => {
    expect(orderStatusDetail({ status: 'failed', refunded: false, total_cents: 0 }, '$0.00')).toContain(
      'Nothing was charged',
    );
    expect(orderStatusDetail({ status: 'failed', refunded: false, total_cents: 900 }, '$9.00')).toContain(
      'Our team will refund your payment',
    );
  });
});

describe('itemCoverage', () => {
  it('counts the countries of a regional or global package', () => {
    expect(itemCoverage({ kind: 'regional', countries_iso3: ['FRA', 'DEU', 'ITA'] })).toBe('Works in 3 countries');
  });

  it.each([
    [{ kind: 'local', countries_iso3: ['JPN'] }],
    [{ kind: 'regional', countries_iso3: ['FRA'] }],
    [{}],
    [{ kind: 'regional', countries_iso3: 'FRA' }],
  ])('%j → null', (details) => {
    expect(itemCoverage(details)).toBeNull();
  });
});

describe('esimInstalls', () => {
  it('gives each eSIM its item’s name, numbered when one line holds several, in item order', () => {
    const installs = esimInstalls({
      items: [item('a', 'Japan 3 GB · 30 days', 1), item('b', 'Europe 1 GB · 7 days', 2)],
      esim_profiles: [profile('b', '1'), profile('a', '2'), profile('b', '3')],
    });
    expect(installs.map((install) => [install.title, install.profile.iccid])).toEqual([
      ['Japan 3 GB · 30 days', '2'],
      ['Europe 1 GB · 7 days (eSIM 1 of 2)', '1'],
      ['Europe 1 GB · 7 days (eSIM 2 of 2)', '3'],
    ]);
  });

  it('shows nothing for an order not delivered yet', () => {
    expect(esimInstalls({ items: [item('a', 'Japan', 1)], esim_profiles: [] })).toEqual([]);
  });
});
