import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHECKOUT_CANCELLED, CHECKOUT_RETURN_PARAM } from '../../domain/unlock-checkout';
import { useHydrated } from '~/lib/use-hydrated';

/** A form's plain entries (no coupon: it is checked again), kept for this tab while its payment page is open. */
export type FormEntries = Readonly<Record<string, string | boolean>>;

const ENTRY_MAX = 320;
const storageKey = (form: string) => `openline.entries.${form}`;

/** Keeps a form's entries for the return from its payment page; storage full or off only means an empty form then. */
export function saveEntriesForReturn(form: string, entries: FormEntries): void {
  try {
    window.sessionStorage.setItem(storageKey(form), JSON.stringify(entries));
  } catch (error) {
    console.warn('Could not keep the form for the return from payment', error);
  }
}

/** The saved entries of `fields` that are still plain and short, or null: this tab's own writing, read back with care. */
function readSavedEntries(form: string, fields: readonly string[]): FormEntries | null {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(storageKey(form)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const entries: Record<string, string | boolean> = {};
    for (const field of fields) {
      const value = (raw as Record<string, unknown>)[field];
      if (typeof value === 'boolean' || (typeof value === 'string' && value.length <= ENTRY_MAX))
        entries[field] = value;
    }
    return Object.keys(entries).length > 0 ? entries : null;
  } catch {
    return null;
  }
}

/** What a page says after a cancelled payment: null, or whether the form's entries came back. */
export type CancelledPayment = { readonly restored: boolean } | null;

/**
 * `?checkout=cancelled` (the payment page's cancel link): puts the form's saved entries back and
 * tells the page to say that nothing was charged (issue 44, every product as the unlock panel).
 * Read after hydration: a prerendered page has no query string.
 */
export function useReturnFromPayment(
  form: string,
  fields: readonly string[],
  restore: (entries: FormEntries) => void,
): CancelledPayment {
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const cancelled = hydrated && searchParams.get(CHECKOUT_RETURN_PARAM) === CHECKOUT_CANCELLED;
  const [saved] = useState(() => (typeof window === 'undefined' ? null : readSavedEntries(form, fields)));
  const restoreEntries = useEffectEvent(restore);

  useEffect(() => {
    if (cancelled && saved) restoreEntries(saved);
  }, [cancelled, saved]);

  return cancelled ? { restored: saved !== null } : null;
}
