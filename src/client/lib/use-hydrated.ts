import { startTransition, useEffect, useState } from 'react';

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
