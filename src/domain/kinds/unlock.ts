import { z } from 'zod';
import type { OrderStatus } from '../order.ts';
import { afterInstallHref } from '../site-map.ts';
import { unlockDetailsSchema } from '../unlock-order.ts';
import { plainKind } from './kind.ts';

/** The order page's headline for an unlock in each state. */
export const UNLOCK_ORDER_HEADLINES: Record<OrderStatus, string> = {
  pending_payment: 'Confirming your payment',
  paid: 'Payment received: your unlock is starting',
  submitted: 'Your unlock is with our supplier',
  in_progress: 'Your unlock is in progress',
  rejected: 'Finding another way to unlock your phone',
  rerouted: 'Your unlock moved to another supplier',
  refund_pending: 'Your refund is on its way',
  refunded: 'Your payment was refunded',
  fulfilled: 'Your phone is unlocked',
  failed: 'We could not unlock your phone',
  expired: 'This checkout expired',
  cancelled: 'This order was cancelled',
};

/** What supplier work (an unlock, a device service) tells in its own words under the headline. */
export interface SupplierWorkWords {
  /** While a supplier works on it. */
  readonly working: string;
  /** A supplier declined it: what happens next. */
  readonly rejected: string;
  /** Done: where the steps are. */
  readonly fulfilled: string;
}

/** What the customer is told under the headline: what happens next, or what happened to the money. */
export function supplierWorkDetail(words: SupplierWorkWords) {
  return (order: { readonly status: OrderStatus; readonly refunded: boolean }, total: string): string => {
    switch (order.status) {
      case 'pending_payment':
        return 'We are waiting for the payment provider to confirm your payment.';
      case 'paid':
      case 'submitted':
      case 'in_progress':
      case 'rerouted':
        return words.working;
      case 'rejected':
        return words.rejected;
      case 'refund_pending':
        return `We are refunding ${total} to your original payment method.`;
      case 'refunded':
        return `We refunded ${total} to your original payment method. Depending on your bank it appears within 5-10 business days.`;
      case 'fulfilled':
        return words.fulfilled;
      case 'failed':
        return order.refunded
          ? `We refunded ${total} to your original payment method.`
          : 'Our team will refund your payment and get back to you within 24 hours.';
      case 'expired':
        return 'The checkout ran out before it was paid. Nothing was charged.';
      case 'cancelled':
        return 'This order did not go ahead. Nothing was charged.';
    }
  };
}

export const unlockOrderDetail = supplierWorkDetail({
  working: 'There is nothing you need to do: we email you as soon as your phone is unlocked.',
  rejected:
    'The supplier could not unlock it; we are sending it to another one or refunding you, without you having to ask.',
  fulfilled: 'Follow the steps below to finish. We have also emailed them to you.',
});

export const unlockKind = plainKind('carrier unlock', {
  headline: (status) => UNLOCK_ORDER_HEADLINES[status],
  statusDetail: unlockOrderDetail,
  nextSteps: (order, { brand }) =>
    order.status === 'fulfilled'
      ? [
          // The result card above already lists the brand's steps to finish the unlock itself.
          {
            text: 'Once the phone works with the new SIM, check calls, data, messages and updates with the after-install checklist.',
            link: { href: afterInstallHref(brand), label: 'Open the after-install checklist' },
          },
        ]
      : [],
});

/** An unlock's part of the order answer: the device as sold, the delivery promise and the result. */
export const unlockAnswerPart = { kind: z.literal('unlock'), unlock: unlockDetailsSchema };
/** What a share link shows of it: the device and the promise; never the result (the code). */
export const unlockSharedPart = { kind: z.literal('unlock'), unlock: unlockDetailsSchema.omit({ result: true }) };
