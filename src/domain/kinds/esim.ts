import { ESIM_SUPPORT_HREF } from '../site-map.ts';
import { plainKind } from './kind.ts';

/** The eSIM receipt (QR code, one-tap install) of an order: where an eSIM order is followed. */
export function esimReceiptHref(orderId: string, token?: string | null): string {
  const query = new URLSearchParams({ order: orderId, ...(token ? { token } : {}) });
  return `/esim/receipt?${query.toString()}`;
}

export const esimKind = plainKind('eSIM', {
  confirmedEmail: false,
  pageHref: esimReceiptHref,
  nextSteps: (order, { token }) =>
    order.status === 'fulfilled' || order.status === 'in_progress'
      ? [
          {
            text: 'Install your eSIM from the receipt: scan its QR code from another screen, or tap Install on the phone itself.',
            link: { href: esimReceiptHref(order.id, token), label: 'Open the eSIM receipt' },
          },
          {
            text: 'Turn on data roaming for the eSIM when you arrive, and keep your home line for calls if you like.',
            link: { href: ESIM_SUPPORT_HREF, label: 'eSIM help' },
          },
        ]
      : [],
});
