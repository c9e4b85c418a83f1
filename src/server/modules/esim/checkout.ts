import { checkoutTotals } from '../../../domain/coupon.ts';
import type { CheckoutRequest } from '../../../domain/esim-checkout.ts';
import { shortId } from '../../../domain/short-id.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { checkCoupon, couponError, type CouponEffect } from '../coupons/service.ts';
import { createOrder, setPaymentSession, transitionOrder } from '../orders/service.ts';
import { NO_PAYMENT_PROVIDER, type PaymentsService } from '../payments/service.ts';
import { receiptUrl } from './receipt-email.ts';
import type { EsimService } from './service.ts';

const CURRENCY = 'USD';
export const PAYMENT_START_FAILED = 'We could not start the payment. Please try again in a moment.';

export interface CheckoutDeps {
  readonly db: Db;
  readonly esim: EsimService;
  readonly payments: PaymentsService;
  readonly logger: Logger;
  readonly publicUrl: string;
}

function cancelUrl(publicUrl: string): string {
  return new URL('/esim-shop?checkout=cancelled', publicUrl).toString();
}

/**
 * The eSIM checkout, as explicit steps; what undoes each when a later one fails:
 * 1. price the cart from the catalogue (client prices are never read) — nothing to undo;
 * 2. re-validate the coupon (it is redeemed only at payment) — nothing to undo;
 * 3. create the order, pending payment — undone by marking it cancelled (with its event);
 * 4. open the provider's payment session — an unpaid session simply expires at the provider;
 * 5. remember the session on the order, and send the buyer to pay.
 * A total of zero (a 100% coupon) skips 4-5: the order is paid and queued in one transaction.
 */
export async function checkoutEsim(
  deps: CheckoutDeps,
  request: CheckoutRequest,
  buyer: { readonly userId: string | null },
): Promise<{ url: string }> {
  const lines = await deps.esim.priceCart(request.items);
  const coupon: CouponEffect | null = request.coupon_code ? await checkCoupon(deps.db, request.coupon_code) : null;
  const totals = checkoutTotals(
    lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
    coupon,
  );
  const input = {
    kind: 'esim' as const,
    email: request.email,
    userId: buyer.userId,
    currency: CURRENCY,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    couponCode: coupon?.code ?? null,
    items: lines.map((line) => ({
      productRef: line.packageId,
      name: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      details: line.details,
    })),
  };

  if (totals.totalCents === 0) {
    // Nothing to charge: the order and its payment steps commit together, or not at all.
    const order = await inTransaction(deps.db, async (tx) => {
      const created = await createOrder(tx, input);
      const settlement = await deps.payments.settlePaid(tx, created, {
        provider: NO_PAYMENT_PROVIDER,
        paymentRef: null,
      });
      // Without a use left the coupon cannot make an order free: refuse it and keep nothing.
      if (settlement.couponRedeemed === false) {
        throw couponError('usageLimit');
      }
      return created;
    });
    return { url: receiptUrl(deps.publicUrl, order) };
  }

  const order = await createOrder(deps.db, input);
  let session;
  try {
    session = await deps.payments.provider.createCheckoutSession({
      orderId: order.id,
      email: order.email,
      amountCents: order.totalCents,
      currency: order.currency,
      lineItems: lines.map((line) => ({
        name: line.name,
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      description: `eSIM order ${shortId(order.id)}`,
      successUrl: receiptUrl(deps.publicUrl, order),
      cancelUrl: cancelUrl(deps.publicUrl),
    });
  } catch (error) {
    deps.logger.error({ err: error, orderId: order.id }, 'payment session could not be created');
    await transitionOrder(deps.db, order.id, {
      from: ['pending_payment'],
      to: 'cancelled',
      message: 'The payment could not be started.',
    });
    throw new AppError('UNAVAILABLE', PAYMENT_START_FAILED);
  }
  await setPaymentSession(deps.db, order.id, deps.payments.provider.name, session.sessionId);
  return { url: session.url };
}
