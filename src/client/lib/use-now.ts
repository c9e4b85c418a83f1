import { useEffect, useState } from 'react';

/** The time now, taken again every `everyMs`: for countdowns and 'updated 2 minutes ago'. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
