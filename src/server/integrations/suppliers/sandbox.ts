import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { SupplierService } from './types.ts';
import { rootPath } from '../../paths.ts';

export const SANDBOX_CATALOG_FILE = rootPath('data/seed/sandbox-supplier-catalog.json');

export const supplierServiceSchema = z.strictObject({
  tool_id: z.string().min(1),
  name: z.string().min(1),
  brand_slug: z.string().nullable(),
  carrier_slug: z.string().nullable(),
  country_code: z.string().nullable(),
  series_min: z.number().int().nullable(),
  series_max: z.number().int().nullable(),
  model_series: z.array(z.string()).nullable(),
  cost_cents: z.number().int().positive(),
  delivery_hours_min: z.number().int().positive(),
  delivery_hours_max: z.number().int().positive(),
  success_rate: z.number().min(0).max(1),
  requires_clean_check: z.boolean(),
});

const catalogFileSchema = z.object({ source: z.string(), rows: z.array(supplierServiceSchema) });

/** The sandbox supplier's services with the store's mapping of each, as the seed file holds them. */
export function readSandboxCatalogue(file = SANDBOX_CATALOG_FILE): SupplierService[] {
  return catalogFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).rows;
}
