import { useState } from 'react';

/**
 * For dialogs opened without a Radix trigger (they load on demand): on close, focus goes back
 * to whatever had it when the dialog opened, e.g. the button that opened it.
 */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (event) => {
    if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
}
