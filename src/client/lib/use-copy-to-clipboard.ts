import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '~/lib/notify';

/** How long a copy button says 'Copied'. */
const COPIED_FOR_MS = 2_000;

/**
 * Copies a text and says so (copied turns true for a moment, and a toast names what was
 * copied); when the browser refuses, the toast asks to copy it by hand.
 */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (label: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      void notify((toast) => toast.error(`We could not copy the ${label}. Select it and copy it by hand.`));
      return;
    }
    window.clearTimeout(timer.current);
    setCopied(true);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    void notify((toast) => toast.success(`${label} copied`));
  }, []);

  return { copied, copy };
}
