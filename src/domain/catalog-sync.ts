import { z } from 'zod';

/** Spec section 9: the home page's ?sync=1 asks for 300 services. */
export const CATALOG_SYNC_LIMIT = 300;

/** POST /api/admin/catalog/sync */
export const catalogSyncSchema = z.object({ limit: z.number().int().min(1).max(5000).default(CATALOG_SYNC_LIMIT) });
/** What a sync did to the supplier's services (issue 44: inserted, updated and deactivated, not only inserted). */
export const catalogSyncAnswerSchema = z.object({
  inserted: z.number().int().min(0),
  updated: z.number().int().min(0),
  deactivated: z.number().int().min(0),
});
