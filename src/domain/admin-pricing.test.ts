import { describe, expect, it } from 'vitest';
import { marginOf, pricingRuleSchema, skuUpdateSchema, skuWarnings } from './admin-pricing.ts';

describe('a SKU’s warnings', () => {
  it.each([
    ['priced above its tool', 4999, { costCents: 1500, active: true }, []],
    ['priced below its tool', 1299, { costCents: 1500, active: true }, ['below_cost']],
    ['at cost exactly', 1500, { costCents: 1500, active: true }, []],
    ['its tool no longer offered', 4999, { costCents: 1500, active: false }, ['tool_gone']],
    ['below cost and its tool gone', 999, { costCents: 1500, active: false }, ['tool_gone', 'below_cost']],
    ['its tool deleted', 4999, 'missing' as const, ['tool_gone']],
    ['no default tool', 4999, null, ['no_tool']],
  ])('%s', (_, price, tool, warnings) => {
    expect(skuWarnings(price, tool)).toEqual(warnings);
  });

  const routing = { misfit: false, belowMargin: false, rulePriced: false, unroutable: false };
  it.each([
    ['a default tool that does not fit it', { misfit: true }, ['default_misfit']],
    ['a sale below the margin, allowed', { belowMargin: true }, ['below_margin']],
    ['devices priced by the rule', { rulePriced: true }, ['rule_priced']],
    ['devices no tool unlocks', { unroutable: true }, ['unroutable']],
    [
      'all of them',
      { misfit: true, belowMargin: true, rulePriced: true, unroutable: true },
      ['default_misfit', 'below_margin', 'rule_priced', 'unroutable'],
    ],
  ])('routing: %s', (_, found, warnings) => {
    expect(skuWarnings(4999, { costCents: 1500, active: true }, { ...routing, ...found })).toEqual(warnings);
  });
});

describe('margins', () => {
  it.each([
    [4999, 1500, { cents: 3499, percent: 70 }],
    [1299, 1500, { cents: -201, percent: -15.5 }],
    [0, 0, { cents: 0, percent: 0 }],
    [4999, null, null],
  ])('%s over a cost of %s', (price, cost, margin) => {
    expect(marginOf(price, cost)).toEqual(margin);
  });
});

describe('the admin’s pricing inputs', () => {
  it.each([
    [{ markup_percent: 60, min_margin_cents: 1000, round_to_99: true, min_margin_percent: 15 }, true],
    [{ markup_percent: -1, min_margin_cents: 1000, round_to_99: true, min_margin_percent: 15 }, false],
    [{ markup_percent: 501, min_margin_cents: 1000, round_to_99: true, min_margin_percent: 15 }, false],
    [{ markup_percent: 60, min_margin_cents: 100_001, round_to_99: true, min_margin_percent: 15 }, false],
    [{ markup_percent: 60.5, min_margin_cents: 1000, round_to_99: true, min_margin_percent: 15 }, false],
    [{ markup_percent: 60, min_margin_cents: 1000, round_to_99: true, min_margin_percent: 0 }, true],
    [{ markup_percent: 60, min_margin_cents: 1000, round_to_99: true, min_margin_percent: 90 }, true],
    [{ markup_percent: 60, min_margin_cents: 1000, round_to_99: true, min_margin_percent: 91 }, false],
    [{ markup_percent: 60, min_margin_cents: 1000, round_to_99: true, min_margin_percent: 15.5 }, false],
    [{ markup_percent: 60, min_margin_cents: 1000, round_to_99: true }, false],
  ])('rule %j valid: %s', (rule, valid) => {
    expect(pricingRuleSchema.safeParse(rule).success).toBe(valid);
  });

  const sku = {
    price_cents: 4999,
    estimated_hours_min: 24,
    estimated_hours_max: 72,
    requires_clean_check: true,
    default_tool_id: 'SBX-1001',
    allow_below_margin: false,
    active: true,
  };
  it.each([
    [sku, true],
    [{ ...sku, default_tool_id: null }, true],
    [{ ...sku, price_cents: 0 }, false],
    [{ ...sku, price_cents: 1_000_001 }, false],
    [{ ...sku, estimated_hours_min: 73 }, false],
    [{ ...sku, estimated_hours_max: 2161 }, false],
    [{ ...sku, default_tool_id: 'x'.repeat(101) }, false],
    [{ ...sku, allow_below_margin: true }, true],
    [{ ...sku, allow_below_margin: undefined }, false],
  ])('SKU %j valid: %s', (input, valid) => {
    expect(skuUpdateSchema.safeParse(input).success).toBe(valid);
  });
});
