import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * False while prerendering and hydrating, true once the app runs in the browser: from the render
 * after the component's first commit. That render is a transition, interruptible like hydration
 * itself: read from an external store, the change re-rendered the unlock panel synchronously in the
 * task that committed the hydration, 25 ms in one piece (ADR 063).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

const noChanges = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true from the render
 * right after, and from the first render of whatever mounts later: for what only the browser knows
 * (the reader's time zone, the clock), drawn the same on both sides first (ADR 102).
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
