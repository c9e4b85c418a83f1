import { useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A dialog whose code loads on the first press of its button (Report Bug, Contact support): whether
 * the app runs yet (the button shows only then, so it cannot be pressed before it works), whether
 * it is open, and whether it was ever wanted (kept loaded after, so closing can animate and hand
 * the focus back to the button).
 */
export function useOnDemandDialog() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const hydrated = useHydrated();
  const show = () => {
    setWanted(true);
    setOpen(true);
  };
  return { hydrated, open, setOpen, wanted, show };
}
