import { z } from 'zod';
import { DEFAULT_MIN_MARGIN_PERCENT } from '../../../domain/offer.ts';

/**
 * The quote module's business constants and the shape of its seed rows: kept apart from its repo
 * and its service, which both read them (the repo no longer imports its own service).
 */

export const DEFAULT_PRICING_RULE = {
  name: 'Default',
  markupPercent: 60,
  minMarginCents: 1000,
  roundTo99: true,
  minMarginPercent: DEFAULT_MIN_MARGIN_PERCENT,
};

/** Without the store's own figures, a new tool is taken to succeed this often (per mille). */
export const UNKNOWN_SUCCESS_PERMILLE = 900;

/** A row of data/seed/unlock-skus.json. */
export const skuSeedSchema = z.strictObject({
  sku_code: z.string().min(1),
  brand_slug: z.string().min(1),
  carrier_slug: z.string().min(1),
  country_code: z.string().nullable(),
  series_min: z.number().int().nullable(),
  series_max: z.number().int().nullable(),
  price_cents: z.number().int().positive(),
  estimated_hours_min: z.number().int().positive(),
  estimated_hours_max: z.number().int().positive(),
  requires_clean_check: z.boolean(),
  default_tool_id: z.string().nullable(),
});
export type SkuSeed = z.infer<typeof skuSeedSchema>;
