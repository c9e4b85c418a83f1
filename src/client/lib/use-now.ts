import { createContext, useContext, useEffect, useState } from 'react';
import { useInBrowser } from '~/lib/use-hydrated';

/**
 * When the server rendered the page being hydrated (ADR 102): the time its countdowns were drawn
 * at, which the browser draws them at too while it hydrates the page.
 */
export const RenderedAt = createContext<number | undefined>(undefined);

/** The time now, taken again every `everyMs`: for countdowns and 'updated 2 minutes ago'. */
export function useNow(everyMs: number): number {
  const inBrowser = useInBrowser();
  const renderedAt = useContext(RenderedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return inBrowser || renderedAt === undefined ? now : renderedAt;
}
