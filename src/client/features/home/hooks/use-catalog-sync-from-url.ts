import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { catalogSyncToast, type CatalogSyncOutcome } from '../../../../domain/catalog-sync-toast';
import { notify } from '~/lib/notify';

// Once per page load, not per mount: a remount (or Strict Mode's second effect) must not sync twice.
let syncedThisPageLoad = false;

function showToast(outcome: CatalogSyncOutcome) {
  const { tone, title, description } = catalogSyncToast(outcome);
  return notify((toast) => {
    if (tone === 'success') toast.success(title, { description });
    else toast.error(title, { description });
  });
}

async function syncAndReport(isAdmin: () => Promise<boolean>) {
  let outcome: CatalogSyncOutcome;
  try {
    // Only an admin's ?sync=1 syncs (issue 25); a visitor's does nothing, not even a request.
    if (!(await isAdmin())) return;
    // Only admins ever use this, so its code (and the answer's schema) stays out of the page's start-up JS.
    const { runCatalogSync } = await import('../api/sync-catalog');
    outcome = await runCatalogSync();
  } catch (error) {
    outcome = { kind: 'error', message: error instanceof Error ? error.message : undefined };
  }
  await showToast(outcome);
}

/** Spec sections 2 and 7: `?sync=1` on the home page runs a catalogue sync for an admin and reports it in a toast. */
export function useCatalogSyncFromUrl(isAdmin: () => Promise<boolean>) {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('sync') === '1';

  useEffect(() => {
    if (!requested || syncedThisPageLoad) return;
    syncedThisPageLoad = true;
    void syncAndReport(isAdmin);
  }, [requested, isAdmin]);
}
