import { z } from 'zod';
import type { OrderAnswer, OrderAnswerOf } from '../order-answer.ts';
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

export const esimProfileAnswerSchema = z.object({
  order_item_id: z.string(),
  iccid: z.string(),
  smdp_address: z.string(),
  matching_id: z.string(),
  /** `LPA:1$<SM-DP+ address>$<matching id>`: what the QR code holds. */
  lpa: z.string(),
  /** Opens the iOS 17.4+ eSIM installer with the LPA. */
  ios_install_link: z.string(),
});

/** An eSIM order's part of the order answer: the issued eSIMs. Its share page adds nothing. */
export const esimAnswerPart = { kind: z.literal('esim'), esim_profiles: z.array(esimProfileAnswerSchema) };
export const esimSharedPart = { kind: z.literal('esim') };

/** Whether an answer is an eSIM order's, the one kind whose answer carries eSIM profiles (the eSIM receipt shows no other). */
export function isEsimOrder(order: OrderAnswer): order is OrderAnswerOf<'esim'> {
  return 'esim_profiles' in order;
}
