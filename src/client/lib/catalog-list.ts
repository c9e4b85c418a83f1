import { apiRequest, type AnswerReader } from '~/lib/api-client';

/** Reference lists change rarely and the server revalidates them by ETag. */
export const CATALOG_STALE_TIME = 5 * 60_000;

/** How long a list loaded ahead of its picker stays the answer to the picker's first load. */
const EARLY_LOAD_TTL = 30_000;

/** One reference list: its first load may take an answer asked for ahead of its picker. */
export interface CatalogList<Row> {
  /**
   * Loads the list. A failure is logged as a warning and the picker stays empty
   * (spec section 8 "Reference data"); the query still fails so it can be retried.
   */
  readonly load: (signal?: AbortSignal) => Promise<Row[]>;
  /**
   * Starts loading it while the page's code is still starting, so the picker's query takes an answer
   * already on its way instead of sending the request in the task that commits the page (ADR 064).
   */
  readonly preload: () => void;
}

export function catalogList<Row>(path: string, rows: AnswerReader<Row[]>): CatalogList<Row> {
  let early: { readonly startedAt: number; readonly rows: Promise<Row[]> } | null = null;
  return {
    load(signal) {
      const taken = early;
      early = null;
      if (taken && performance.now() - taken.startedAt < EARLY_LOAD_TTL) return taken.rows;
      return loadCatalogList(path, rows, signal);
    },
    preload() {
      if (early) return;
      const answer = loadCatalogList(path, rows);
      // The query that takes it reports a failure; until then it is not an unhandled rejection.
      answer.catch(() => undefined);
      early = { startedAt: performance.now(), rows: answer };
    },
  };
}

/** Loads a list asked for by its own path each time (a brand's models). */
export async function loadCatalogList<Row>(
  path: string,
  rows: AnswerReader<Row[]>,
  signal?: AbortSignal,
): Promise<Row[]> {
  try {
    return await apiRequest(path, { schema: rows, signal });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      console.warn(`Could not load ${path}`, error);
    }
    throw error;
  }
}
