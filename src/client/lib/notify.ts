import type { toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;

let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

/** Called once the Toaster listens: toasts raised before that would be dropped. */
export function toasterIsReady(): void {
  markToasterReady();
}

// The Toaster and its library load with the first toast: most visits raise none (issue 28).
let toasterWanted = false;
const wantedListeners = new Set<() => void>();

/** Whether a toast has been raised, so the root mounts the Toaster (useSyncExternalStore). */
export const isToasterWanted = (): boolean => toasterWanted;

export function subscribeToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/**
 * Shows a toast. Every toast goes through here: the first one mounts the Toaster, which loads the
 * toast library, and is shown once the Toaster listens.
 */
export async function notify(show: (toast: Toast) => void): Promise<void> {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of wantedListeners) listener();
  }
  const [{ toast }] = await Promise.all([import('sonner'), toasterReady]);
  show(toast);
}

/** A success toast, shown once the Toaster listens (an action right after the page loads is not lost). */
export function toastSuccess(...args: Parameters<Toast['success']>): void {
  void notify((toast) => toast.success(...args));
}

/** An error toast, shown once the Toaster listens. */
export function toastError(...args: Parameters<Toast['error']>): void {
  void notify((toast) => toast.error(...args));
}
