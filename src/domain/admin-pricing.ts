import { z } from 'zod';
import { MIN_MARGIN_PERCENT_MAX, OFFER_MESSAGES } from './offer.ts';
import { PRICED_PRODUCT_KINDS } from './product-prices.ts';
import { boundedText, TEXT_MAX } from './text.ts';

export { marginOf } from './display.ts';

// /admin/pricing: the unlock SKUs with their margins and warnings, the supplier's linked services
// with their cost and the price the rule gives them, and the pricing rule for quotes without a SKU.

export const PRICE_MAX_CENTS = 1_000_000;
/** How many recent rule-priced quotes a rule's preview is tried on. */
export const RULE_PREVIEW_QUOTES = 50;

export const PRICING_MESSAGES = {
  price: 'Give a price between $0.01 and $10,000.00.',
  hours: 'Give hours between 1 and 2,160 (90 days).',
  hoursOrder: 'The fewest hours come before the most.',
  markup: 'Give a markup between 0% and 500%.',
  margin: 'Give a minimum margin between $0.00 and $1,000.00.',
  unknownTool: (toolId: string) => `No supplier service has the id ${toolId}.`,
  notFound: 'No SKU has this id.',
  noPackage: 'No eSIM package on sale has this id.',
  noProduct: 'No device check or service has this id.',
} as const;

/** What an admin should look at on a SKU. */
export const SKU_WARNINGS = {
  below_cost: 'Priced below its tool’s cost',
  below_margin: 'Sold below the minimum margin (allowed by an admin)',
  default_misfit: 'Its default tool does not fit it',
  rule_priced: 'Some devices are priced by the rule: no tool keeps the margin at this price',
  unroutable: 'Some devices have no tool that can unlock them',
  tool_gone: 'Its tool is no longer offered by the supplier',
  no_tool: 'No default tool: its margin is unknown',
} as const;
export type SkuWarning = keyof typeof SKU_WARNINGS;

/** What the routing of a SKU's devices found (modules/quotes/offer.ts). */
export interface SkuRouting {
  /** The default tool does not fit the SKU's brand, carrier, country or models. */
  readonly misfit: boolean;
  /** A device is sold at the SKU's price on a tool below the minimum margin (an admin's override). */
  readonly belowMargin: boolean;
  /** A device's quote is priced by the rule: the SKU's price keeps the margin on no tool that fits it. */
  readonly rulePriced: boolean;
  /** A device no tool can unlock. */
  readonly unroutable: boolean;
}

const NO_ROUTING_FINDING: SkuRouting = { misfit: false, belowMargin: false, rulePriced: false, unroutable: false };

/** A SKU's warnings from its price, its default tool (null: none set; `active` false: gone) and its routing. */
export function skuWarnings(
  priceCents: number,
  tool: { readonly costCents: number; readonly active: boolean } | null | 'missing',
  routing: SkuRouting = NO_ROUTING_FINDING,
): SkuWarning[] {
  const warnings: SkuWarning[] = [];
  if (tool === null) warnings.push('no_tool');
  else if (tool === 'missing') warnings.push('tool_gone');
  else {
    if (!tool.active) warnings.push('tool_gone');
    if (priceCents < tool.costCents) warnings.push('below_cost');
  }
  if (routing.misfit) warnings.push('default_misfit');
  if (routing.belowMargin) warnings.push('below_margin');
  if (routing.rulePriced) warnings.push('rule_priced');
  if (routing.unroutable) warnings.push('unroutable');
  return warnings;
}

const cents = (message: string, max: number) =>
  z.number({ error: message }).int({ message }).min(0, { message }).max(max, { message });
const hours = z
  .number({ error: PRICING_MESSAGES.hours })
  .int({ message: PRICING_MESSAGES.hours })
  .min(1, { message: PRICING_MESSAGES.hours })
  .max(2160, { message: PRICING_MESSAGES.hours });

const marginSchema = z.object({ cents: z.number().int(), percent: z.number() }).nullable();

const toolSummarySchema = z.object({
  tool_id: z.string(),
  name: z.string(),
  cost_cents: z.number().int(),
  delivery_hours_min: z.number().int(),
  delivery_hours_max: z.number().int(),
  active: z.boolean(),
});

const routedToolSchema = z.object({ tool_id: z.string(), name: z.string(), cost_cents: z.number().int() });

/** A group of a SKU's devices and where their quotes go today. */
export const skuRouteSchema = z.object({
  /** "iPhone 13-17", "Galaxy S, Galaxy Z", "Model not given". */
  devices: z.string(),
  /** 'sku': sold at the SKU's price; 'rule': the rule prices it (no tool keeps the margin); 'none': no tool. */
  priced_by: z.enum(['sku', 'rule', 'none']),
  price_cents: z.number().int().nullable(),
  tool: routedToolSchema.nullable(),
  margin: marginSchema,
  /** The tools an order falls back on, best first, each within the margin. */
  fallbacks: z.array(routedToolSchema),
});
export type SkuRoute = z.infer<typeof skuRouteSchema>;

export const adminSkuSchema = z.object({
  sku_id: z.number().int(),
  sku_code: z.string(),
  /** "Apple · AT&T · United States · iPhone 13 to 16", in the catalogue's names. */
  label: z.string(),
  price_cents: z.number().int(),
  estimated_hours_min: z.number().int(),
  estimated_hours_max: z.number().int(),
  requires_clean_check: z.boolean(),
  active: z.boolean(),
  default_tool_id: z.string().nullable(),
  default_tool: toolSummarySchema.nullable(),
  /** An admin allowed it to route to tools below the minimum margin (audited). */
  allow_below_margin: z.boolean(),
  /** The lowest margin of the devices sold at its price, from the tools their quotes are routed to today. */
  margin: marginSchema,
  routes: z.array(skuRouteSchema),
  /** The lowest price that keeps the minimum margin on its default tool (null without one). */
  floor_cents: z.number().int().nullable(),
  /** The linked tools that fit its brand, carrier, country and models: the choices of its default tool. */
  fitting_tool_ids: z.array(z.string()),
  warnings: z.array(z.enum(Object.keys(SKU_WARNINGS) as [SkuWarning])),
});
export type AdminSku = z.infer<typeof adminSkuSchema>;

export const pricingRuleSchema = z.object({
  markup_percent: z
    .number({ error: PRICING_MESSAGES.markup })
    .int({ message: PRICING_MESSAGES.markup })
    .min(0, { message: PRICING_MESSAGES.markup })
    .max(500, { message: PRICING_MESSAGES.markup }),
  min_margin_cents: cents(PRICING_MESSAGES.margin, 100_000),
  round_to_99: z.boolean(),
  /** Every unlock sale keeps this share of its price over the routed tool's cost, SKUs and coupons included. */
  min_margin_percent: z
    .number({ error: OFFER_MESSAGES.minMarginPercent })
    .int({ message: OFFER_MESSAGES.minMarginPercent })
    .min(0, { message: OFFER_MESSAGES.minMarginPercent })
    .max(MIN_MARGIN_PERCENT_MAX, { message: OFFER_MESSAGES.minMarginPercent }),
});
export type PricingRuleInput = z.infer<typeof pricingRuleSchema>;

export const adminPricedToolSchema = toolSummarySchema.extend({
  label: z.string(),
  /** What a quote without a SKU charges with this tool under the rule. */
  rule_price_cents: z.number().int(),
  margin: marginSchema,
  /** SKUs that name it as their default tool. */
  sku_codes: z.array(z.string()),
});
export type AdminPricedTool = z.infer<typeof adminPricedToolSchema>;

export const adminEsimPriceSchema = z.object({
  package_id: z.string(),
  name: z.string(),
  price_cents: z.number().int(),
  net_cost_cents: z.number().int(),
  margin: marginSchema,
  /** An admin set the price: the provider's sync keeps it. */
  set_by_admin: z.boolean(),
  below_cost: z.boolean(),
});
export type AdminEsimPrice = z.infer<typeof adminEsimPriceSchema>;

/** A device check or device service: its price now, its list price and what it costs the store. */
export const adminProductPriceSchema = z.object({
  kind: z.enum(PRICED_PRODUCT_KINDS),
  product_id: z.string(),
  name: z.string(),
  price_cents: z.number().int(),
  list_price_cents: z.number().int(),
  /** The check provider's price, or the first supplier service's cost; null where not known yet. */
  cost_cents: z.number().int().nullable(),
  margin: marginSchema,
  below_cost: z.boolean(),
});
export type AdminProductPrice = z.infer<typeof adminProductPriceSchema>;

export const pricingOverviewSchema = z.object({
  rule: pricingRuleSchema,
  skus: z.array(adminSkuSchema),
  tools: z.array(adminPricedToolSchema),
  products: z.array(adminProductPriceSchema),
  esim: z.array(adminEsimPriceSchema),
});
export type PricingOverview = z.infer<typeof pricingOverviewSchema>;

export const skuUpdateSchema = z
  .object({
    price_cents: z
      .number({ error: PRICING_MESSAGES.price })
      .int({ message: PRICING_MESSAGES.price })
      .min(1, { message: PRICING_MESSAGES.price })
      .max(PRICE_MAX_CENTS, { message: PRICING_MESSAGES.price }),
    estimated_hours_min: hours,
    estimated_hours_max: hours,
    requires_clean_check: z.boolean(),
    default_tool_id: boundedText(TEXT_MAX.name).trim().min(1).nullable(),
    /** Route to tools below the minimum margin at this price: an explicit, audited override. */
    allow_below_margin: z.boolean(),
    active: z.boolean(),
  })
  .refine((sku) => sku.estimated_hours_min <= sku.estimated_hours_max, {
    message: PRICING_MESSAGES.hoursOrder,
    path: ['estimated_hours_max'],
  });
export type SkuUpdate = z.infer<typeof skuUpdateSchema>;

/** A price an admin sets (an eSIM package's, a device check's or service's). */
export const priceUpdateSchema = z.object({
  price_cents: z
    .number({ error: PRICING_MESSAGES.price })
    .int({ message: PRICING_MESSAGES.price })
    .min(1, { message: PRICING_MESSAGES.price })
    .max(PRICE_MAX_CENTS, { message: PRICING_MESSAGES.price }),
});
export type PriceUpdate = z.infer<typeof priceUpdateSchema>;

/** A rule tried on recent quotes priced by the rule (quotes without a SKU), newest first. */
export const rulePreviewSchema = z.object({
  quotes: z.array(
    z.object({
      quote_id: z.string(),
      created_at: z.string(),
      device: z.string(),
      tool_cost_cents: z.number().int(),
      price_now_cents: z.number().int(),
      price_new_cents: z.number().int(),
    }),
  ),
  /** How many of them the new rule prices differently, and the average margin before and after. */
  changed: z.number().int(),
  average_margin_now_cents: z.number().int(),
  average_margin_new_cents: z.number().int(),
});
export type RulePreview = z.infer<typeof rulePreviewSchema>;
