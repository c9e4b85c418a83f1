import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';
import {
  CHECKOUT_CANCELLED,
  CHECKOUT_RETURN_PARAM,
  UNLOCK_ENTRIES_STORAGE_KEY,
  parseStoredEntries,
  type UnlockEntries,
} from '../../../../domain/unlock-checkout';

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

/** What the panel says after a cancelled payment: null, or whether the entries came back. */
export type CancelledCheckout = { readonly restored: boolean } | null;

/**
 * `/?checkout=cancelled` (the payment page's cancel link): puts the entries saved before leaving
 * back into the panel, and tells the panel to say that nothing was charged. Read after hydration:
 * the home page is prerendered without a query string.
 */
export function useCancelledCheckout(restore: (entries: UnlockEntries) => void): CancelledCheckout {
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const cancelled = hydrated && searchParams.get(CHECKOUT_RETURN_PARAM) === CHECKOUT_CANCELLED;
  const [saved] = useState(() => (typeof window === 'undefined' ? null : readSavedEntries()));
  const restoreEntries = useEffectEvent(restore);

  useEffect(() => {
    if (cancelled && saved) restoreEntries(saved);
  }, [cancelled, saved]);

  return cancelled ? { restored: saved !== null } : null;
}
