import { formatPrice } from '../../../domain/display.ts';
import { shortId } from '../../../domain/short-id.ts';
import { STORE } from '../../../domain/store-config.ts';
import { UNLOCK_EMAILS, unlockInstructions } from '../../../domain/unlock-fulfilment.ts';
import type { OutgoingMail } from '../../integrations/mail/transport.ts';
import type { Order } from '../orders/service.ts';

/** The order's page (the checkout's success URL); with its access token, the guest link. */
export function orderPageUrl(base: string, order: Pick<Order, 'id'> & { readonly accessToken?: string }): string {
  const url = new URL(`/order/${order.id}`, base);
  if (order.accessToken) url.searchParams.set('token', order.accessToken);
  return url.toString();
}

/** The unlock is done: the supplier's result and the steps that finish it on the customer's phone. */
export function unlockCompletedEmail(order: Order, result: string, brandSlug: string, publicUrl: string): OutgoingMail {
  const steps = unlockInstructions(brandSlug).map((step, index) => `${index + 1}. ${step}`);
  return {
    to: order.email,
    subject: UNLOCK_EMAILS.completedSubject(shortId(order.id)),
    text: [
      `Good news: the carrier unlock of order ${shortId(order.id)} is complete.`,
      `Result: ${result}`,
      ['To finish:', ...steps].join('\n'),
      `Order details: ${orderPageUrl(publicUrl, order)}`,
      `Thank you for choosing ${STORE.name}.`,
    ].join('\n\n'),
  };
}

/** The guarantee moved the unlock to a faster supplier, with its new promise. */
export function unlockReroutedEmail(order: Order, guaranteedBy: Date, publicUrl: string): OutgoingMail {
  return {
    to: order.email,
    subject: UNLOCK_EMAILS.reroutedSubject(shortId(order.id)),
    text: [
      `The carrier unlock of order ${shortId(order.id)} passed its guaranteed time, so we moved it to a faster supplier at no extra cost to you.`,
      `It is now guaranteed by ${guaranteedBy.toUTCString()}; if it is not done by then, we refund you in full without you asking.`,
      `Order details: ${orderPageUrl(publicUrl, order)}`,
    ].join('\n\n'),
  };
}

/** The unlock could not be done (or not in time): the refund, in full. */
export function unlockRefundedEmail(order: Order, reason: string, refunded: boolean, publicUrl: string): OutgoingMail {
  return {
    to: order.email,
    subject: UNLOCK_EMAILS.refundedSubject(shortId(order.id)),
    text: [
      reason,
      refunded
        ? `We have refunded ${formatPrice(order.totalCents)} to your original payment method. Depending on your bank it appears within 5-10 business days.`
        : order.totalCents === 0
          ? 'Nothing was charged for this order.'
          : 'Our team will refund your payment and get back to you within 24 hours.',
      `Order details: ${orderPageUrl(publicUrl, order)}`,
    ].join('\n\n'),
  };
}
