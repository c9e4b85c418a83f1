import { CATALOG_SYNC_LIMIT, catalogSyncAnswerSchema } from '../../../../domain/catalog-sync';
import type { CatalogSyncOutcome } from '../../../../domain/catalog-sync-toast';
import { ApiError, apiRequest } from '~/lib/api-client';

/** POST /api/admin/catalog/sync: imports the supplier's services; the server accepts it only from an admin. */
export function syncCatalog(limit: number = CATALOG_SYNC_LIMIT) {
  return apiRequest('/api/admin/catalog/sync', { method: 'POST', body: { limit }, schema: catalogSyncAnswerSchema });
}

/** An error answer from the server is a failed sync; anything else thrown is an unexpected error. */
export function catalogSyncFailure(error: unknown): CatalogSyncOutcome {
  if (error instanceof ApiError && error.status >= 400) return { kind: 'failed', message: error.message };
  return { kind: 'error', message: error instanceof Error ? error.message : undefined };
}

/** Runs one sync and says how it ended; never throws. */
export async function runCatalogSync(): Promise<CatalogSyncOutcome> {
  try {
    return { kind: 'synced', ...(await syncCatalog()) };
  } catch (error) {
    return catalogSyncFailure(error);
  }
}
