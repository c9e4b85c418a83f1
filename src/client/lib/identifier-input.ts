import { normalizeImeiInput } from '../../domain/imei';

/**
 * The `register` options of a device identifier field: what is typed or pasted is cleaned as the
 * unlock panel's IMEI field cleans it (spec section 5) and written back when it changed.
 */
export function identifierInput(write: (normalized: string) => void) {
  return {
    onChange: (event: { target: HTMLInputElement }) => {
      const normalized = normalizeImeiInput(event.target.value);
      if (normalized !== event.target.value) write(normalized);
    },
  };
}

/** A same-origin link (path and query) from an absolute URL the API answered. */
export function localHref(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
