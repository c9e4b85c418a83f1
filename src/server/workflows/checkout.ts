import { checkoutTotals } from '../../domain/coupon.ts';
import type { CheckoutRequest } from '../../domain/esim-checkout.ts';
import { shortId } from '../../domain/short-id.ts';
import { NO_PROVIDER, type OrderKind, PAYMENT_START_FAILED } from '../../domain/order.ts';
import { type Db, inTransaction } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { checkCoupon, couponError, reserveCoupon } from '../modules/coupons/service.ts';
import { receiptUrl } from '../emails/esim-emails.ts';
import type { EsimService } from '../modules/esim/service.ts';
import { type NewOrderInput, type Order, placeOrder, rememberPaymentSession } from '../modules/orders/service.ts';
import { closeUnpaidOrder } from './close-checkout.ts';
import type { WorkflowDeps } from './deps.ts';
import { settlePayment } from './settle-payment.ts';
import { runSteps } from './steps.ts';

const CURRENCY = 'USD';
/** A session whose provider does not say when it runs out closes after a day, as a hosted checkout does. */
const DEFAULT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** A priced cart of any kind, ready to pay: prices come from the store's catalogue, never the client. */
export interface Cart {
  readonly kind: OrderKind;
  readonly email: string;
  readonly userId: string | null;
  readonly couponCode: string | null;
  readonly lines: NewOrderInput['items'];
  /** Shown by the provider when a discount makes the lines add up to more than the amount. */
  readonly description: (order: Order) => string;
  readonly successUrl: (order: Order) => string;
  readonly cancelUrl: string;
  /** What the kind keeps beside the new order (an unlock's tool plan), in the transaction that places it. */
  readonly recordWithOrder?: (tx: Db, order: Order) => Promise<void>;
}

/**
 * The checkout of every order kind, as explicit steps; what undoes each when a later one fails:
 * 1. price the cart with the coupon (re-validated) — nothing to undo;
 * 2. place the order, pending payment, holding one use of its coupon (one transaction: a
 *    coupon with no use left places nothing) — undone by cancelling the order, which gives the use back;
 * 3. open the provider's payment session — an unpaid session simply expires at the provider;
 * 4. remember the session and when it runs out on the order (the expiry job closes it then).
 * A total of zero (a 100% coupon) skips 3-4: the order is placed, its coupon used and the order
 * paid and queued in one transaction, or not at all.
 */
export async function checkout(
  deps: WorkflowDeps,
  cart: Cart,
  logger: Logger = deps.logger,
): Promise<{ url: string; order: Order }> {
  return runSteps('checkout', logger, async (step) => {
    const input = await step('price', async () => {
      const coupon = cart.couponCode ? await checkCoupon(deps.db, cart.couponCode, cart.kind) : null;
      const subtotal = cart.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      const totals = checkoutTotals(subtotal, coupon);
      return {
        kind: cart.kind,
        email: cart.email,
        userId: cart.userId,
        currency: CURRENCY,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        couponCode: coupon?.code ?? null,
        items: cart.lines,
      } satisfies NewOrderInput;
    });

    if (input.totalCents === 0) {
      const order = await step('place, use the coupon and settle a free order', () =>
        inTransaction(deps.db, async (tx) => {
          const placed = await placeOrder(tx, input);
          await cart.recordWithOrder?.(tx, placed);
          if (placed.couponCode) await reserveCoupon(tx, { code: placed.couponCode, orderId: placed.id });
          const settlement = await settlePayment(deps, tx, placed, { provider: NO_PROVIDER, paymentRef: null });
          // Without a use left the coupon cannot make an order free: refuse it and keep nothing.
          if (settlement.couponRedeemed === false) throw couponError('usageLimit');
          return placed;
        }),
      );
      return { url: cart.successUrl(order), order };
    }

    const order = await step(
      'place the order, holding a coupon use',
      () =>
        inTransaction(deps.db, async (tx) => {
          const placed = await placeOrder(tx, input);
          await cart.recordWithOrder?.(tx, placed);
          if (placed.couponCode) await reserveCoupon(tx, { code: placed.couponCode, orderId: placed.id });
          return placed;
        }),
      (placed) => closeUnpaidOrder(deps, placed.id, 'cancelled', 'The payment could not be started.'),
    );

    const session = await step('open the payment session', async () => {
      try {
        return await deps.payments.provider.createCheckoutSession({
          orderId: order.id,
          email: order.email,
          amountCents: order.totalCents,
          currency: order.currency,
          lineItems: cart.lines.map((line) => ({
            name: line.name,
            unitAmountCents: line.unitPriceCents,
            quantity: line.quantity,
          })),
          description: cart.description(order),
          successUrl: cart.successUrl(order),
          cancelUrl: cart.cancelUrl,
        });
      } catch (error) {
        logger.error({ err: error, orderId: order.id }, 'payment session could not be created');
        throw new AppError('UNAVAILABLE', PAYMENT_START_FAILED);
      }
    });

    await step('remember the session', () =>
      rememberPaymentSession(deps.db, order.id, {
        provider: deps.payments.provider.name,
        sessionId: session.sessionId,
        expiresAt: session.expiresAt ?? new Date(Date.now() + DEFAULT_SESSION_TTL_MS),
      }),
    );
    return { url: session.url, order };
  });
}

/** The eSIM checkout: the cart priced from the eSIM catalogue, then the shared checkout. */
export async function checkoutEsim(
  deps: WorkflowDeps & { readonly esim: EsimService },
  request: CheckoutRequest,
  buyer: {
    readonly userId: string | null;
    /** The store's address as the buyer sees it (return-url.ts); the configured one otherwise. */
    readonly returnBaseUrl?: string;
  },
  logger?: Logger,
): Promise<{ url: string }> {
  const base = buyer.returnBaseUrl ?? deps.publicUrl;
  const lines = await deps.esim.priceCart(request.items);
  const { url } = await checkout(
    deps,
    {
      kind: 'esim',
      email: request.email,
      userId: buyer.userId,
      couponCode: request.coupon_code || null,
      lines: lines.map((line) => ({
        productRef: line.packageId,
        name: line.name,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        details: line.details,
      })),
      description: (order) => `eSIM order ${shortId(order.id)}`,
      successUrl: (order) => receiptUrl(base, order),
      cancelUrl: new URL('/esim-shop?checkout=cancelled', base).toString(),
    },
    logger,
  );
  return { url };
}
