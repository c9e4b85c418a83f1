import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  CHECKOUT_CANCELLED,
  CHECKOUT_CANCELLED_TEXT,
  CHECKOUT_CANCELLED_TITLE,
  CHECKOUT_RETURN_PARAM,
  UNLOCK_ENTRIES_STORAGE_KEY,
  parseStoredEntries,
  type UnlockEntries,
} from '../../../../domain/unlock-checkout';
import { notify } from '~/lib/notify';

/** Keeps the panel's entries for this tab while the customer is on the payment page. */
export function saveEntriesForReturn(entries: UnlockEntries): void {
  try {
    window.sessionStorage.setItem(UNLOCK_ENTRIES_STORAGE_KEY, JSON.stringify(entries));
  } catch (error) {
    // Storage can be full or switched off: the payment goes ahead, the form just starts empty on return.
    console.warn('Could not keep the unlock entries for the return from payment', error);
  }
}

function readSavedEntries(): UnlockEntries | null {
  try {
    return parseStoredEntries(window.sessionStorage.getItem(UNLOCK_ENTRIES_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * `/?checkout=cancelled` (the payment page's cancel link): says that nothing was charged, puts the
 * saved entries back into the panel, and takes the marker out of the address so a reload says nothing.
 */
export function useCancelledCheckout(restore: (entries: UnlockEntries) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const cancelled = searchParams.get(CHECKOUT_RETURN_PARAM) === CHECKOUT_CANCELLED;
  const restoreEntries = useEffectEvent(restore);

  useEffect(() => {
    if (!cancelled) return;
    const entries = readSavedEntries();
    if (entries) restoreEntries(entries);
    void notify((toast) =>
      toast.info(CHECKOUT_CANCELLED_TITLE, { description: entries ? CHECKOUT_CANCELLED_TEXT : undefined }),
    );
    setSearchParams(
      (params) => {
        params.delete(CHECKOUT_RETURN_PARAM);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [cancelled, setSearchParams]);
}
