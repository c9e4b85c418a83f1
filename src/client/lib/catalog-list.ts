import { z } from 'zod';
import { apiRequest } from '~/lib/api-client';

/** Reference lists change rarely and the server revalidates them by ETag. */
export const CATALOG_STALE_TIME = 5 * 60_000;

/**
 * Loads one reference list. A failure is logged as a warning and the picker stays empty
 * (spec section 8 "Reference data"); the query still fails so it can be retried.
 */
export async function loadCatalogList<Row extends z.ZodType>(
  path: string,
  row: Row,
  signal?: AbortSignal,
): Promise<z.infer<Row>[]> {
  try {
    return await apiRequest(path, { schema: z.array(row), signal });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      console.warn(`Could not load ${path}`, error);
    }
    throw error;
  }
}
