/**
 * What the home page's ?sync=1 shows (spec sections 7 and 8). Kept apart from the request
 * schemas so the page can carry these texts without zod.
 */
export const CATALOG_SYNC_SUCCESS_TITLE = 'Catalog synced';
export const CATALOG_SYNC_FAILED_TITLE = 'Catalog sync failed';
export const CATALOG_SYNC_ERROR_TITLE = 'Catalog sync error';
export const CATALOG_SYNC_UNEXPECTED = 'Unexpected error';
export const catalogSyncInserted = (n: number) => `Inserted ${n} items`;
/** The spec's "Inserted N items", then what else the sync changed (issue 44). */
export const catalogSyncReport = ({ inserted, updated, deactivated }: CatalogSyncCounts) =>
  `${catalogSyncInserted(inserted)}, updated ${updated}, deactivated ${deactivated}`;

export interface CatalogSyncCounts {
  readonly inserted: number;
  readonly updated: number;
  readonly deactivated: number;
}

/** How a ?sync=1 run ended: an answer, an error answer from the server, or an exception. */
export type CatalogSyncOutcome =
  | ({ readonly kind: 'synced' } & CatalogSyncCounts)
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'error'; readonly message?: string };

export interface CatalogSyncToast {
  readonly tone: 'success' | 'destructive';
  readonly title: string;
  readonly description: string;
}

/** Spec sections 7 and 8: the toast each outcome of a catalogue sync shows. */
export function catalogSyncToast(outcome: CatalogSyncOutcome): CatalogSyncToast {
  switch (outcome.kind) {
    case 'synced':
      return { tone: 'success', title: CATALOG_SYNC_SUCCESS_TITLE, description: catalogSyncReport(outcome) };
    case 'failed':
      return { tone: 'destructive', title: CATALOG_SYNC_FAILED_TITLE, description: outcome.message };
    case 'error':
      return {
        tone: 'destructive',
        title: CATALOG_SYNC_ERROR_TITLE,
        description: outcome.message?.trim() || CATALOG_SYNC_UNEXPECTED,
      };
  }
}
