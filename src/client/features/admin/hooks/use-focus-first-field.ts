import { useEffect, useRef } from 'react';

/**
 * An editor opened from a row far down a list: its first field takes the focus (and scrolls into
 * view), so keyboard and screen-reader users land in the form they asked for.
 */
/** `ready`: the form is on screen (false while what it needs still loads). */
export function useFocusFirstField<T extends HTMLElement>(ready = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ready) ref.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [ready]);
  return ref;
}
