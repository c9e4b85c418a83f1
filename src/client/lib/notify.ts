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

/**
 * Shows a toast from code that every page loads (layout, home page) without putting the toast
 * library into the JS a page needs to start: the Toaster loads just after start-up.
 */
export async function notify(show: (toast: Toast) => void): Promise<void> {
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
