import { z } from 'zod';

/** Spec section 9: the home page's ?sync=1 asks for 300 services. */
export const CATALOG_SYNC_LIMIT = 300;

/** POST /api/admin/catalog/sync */
export const catalogSyncSchema = z.object({ limit: z.number().int().min(1).max(5000).default(CATALOG_SYNC_LIMIT) });
export const catalogSyncAnswerSchema = z.object({ inserted: z.number().int().min(0) });
