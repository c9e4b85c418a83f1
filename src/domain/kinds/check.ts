import { z } from 'zod';
import { CHECK_PRODUCT_IDS, checkResultHref, checkResultSchema } from '../device-checks.ts';
import type { OrderStatus } from '../order.ts';
import { plainKind } from './kind.ts';

/** The result page's headline for a paid check in each state. */
export const CHECK_ORDER_HEADLINES: Record<OrderStatus, string> = {
  pending_payment: 'Confirming your payment',
  paid: 'Checking your device',
  submitted: 'Checking your device',
  in_progress: 'Checking your device',
  rejected: 'Checking your device',
  rerouted: 'Checking your device',
  fulfilled: 'Your check result',
  failed: 'We could not complete this check',
  refund_pending: 'Your refund is on its way',
  refunded: 'Your payment was refunded',
  expired: 'This checkout expired',
  cancelled: 'This order was cancelled',
};

function checkDetail(order: { readonly status: OrderStatus; readonly refunded: boolean }, total: string): string {
  switch (order.status) {
    case 'paid':
    case 'submitted':
    case 'in_progress':
    case 'rejected':
    case 'rerouted':
      return 'Most checks answer within a minute. This page updates by itself, and we email you the link to the result.';
    case 'failed':
      return order.refunded
        ? `The records could not be read for this device. We refunded ${total} to your original payment method.`
        : `The records could not be read for this device. We are refunding ${total} to your original payment method.`;
    case 'refund_pending':
      return `We are refunding ${total} to your original payment method.`;
    case 'refunded':
      return `We refunded ${total} to your original payment method.`;
    case 'fulfilled':
      return 'Each line says what was found and what it means for an unlock or a purchase.';
    case 'pending_payment':
      return 'We are waiting for the payment provider to confirm your payment.';
    case 'expired':
      return 'The checkout ran out before it was paid. Nothing was charged.';
    case 'cancelled':
      return 'This order did not go ahead. Nothing was charged.';
  }
}

/**
 * Paid device checks: answered in seconds, so the "result ready" email is the receipt (no
 * confirmation email before it), and the order's page is its result page.
 */
export const checkKind = plainKind('device check', {
  confirmedEmail: false,
  pageHref: checkResultHref,
  headline: (status) => CHECK_ORDER_HEADLINES[status],
  statusDetail: checkDetail,
  sharedSummary:
    'Anyone with a share link sees this result, with the IMEI masked: a buyer can read it before paying. Never your email or your payment.',
});

const checkDetailsSchema = z.object({
  product: z.enum(CHECK_PRODUCT_IDS),
  product_name: z.string(),
  /** The IMEI or serial as checked: the owner typed it. */
  identifier: z.string(),
  /** Null until the provider answers. */
  result: checkResultSchema.nullable(),
  checked_at: z.string().nullable(),
});

export const checkAnswerPart = { kind: z.literal('check'), check: checkDetailsSchema };

/** A shared result: the result is what is shared, but the identifier is partly masked. */
export const checkSharedPart = {
  kind: z.literal('check'),
  check: checkDetailsSchema.omit({ identifier: true }).extend({ identifier_masked: z.string() }),
};
