import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delayMs`; a null value passes at once. */
export function useDebouncedValue<T>(value: T | null, delayMs: number): T | null {
  const [settled, setSettled] = useState<T | null>(null);
  useEffect(() => {
    if (value === null) return;
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return value === null ? null : settled;
}
