import { randomUUID } from 'node:crypto';
import { checkoutTotals } from '../../domain/coupon.ts';
import { discountKeepsFloor } from '../../domain/offer.ts';
import { CART_EMPTY } from '../../domain/checkout-email.ts';
import type { CartCheckoutRequest } from '../../domain/licenses.ts';
import { shortId } from '../../domain/short-id.ts';
import { NO_PROVIDER, type OrderKind, PAYMENT_START_FAILED } from '../../domain/order.ts';
import { type Db, inTransaction } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { checkCoupon, couponError, reserveCoupon } from '../modules/coupons/service.ts';
import { receiptUrl } from '../emails/esim-emails.ts';
import type { EsimService } from '../modules/esim/service.ts';
import type { LicenseService } from '../modules/licenses/service.ts';
import {
  type NewOrderInput,
  type Order,
  placeOrder,
  rememberCheckoutExpiry,
  rememberPaymentSession,
} from '../modules/orders/service.ts';
import { closeUnpaidOrder } from './close-checkout.ts';
import type { WorkflowDeps } from './deps.ts';
import { settlePayment } from './settle-payment.ts';
import { licenseCart } from './checkout-license.ts';
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
  /**
   * The least the cart may be charged (its cost plus the minimum margin, ADR 103): a coupon that
   * would take it lower is refused. Unset where the cart's prices already hold the floor for any coupon.
   */
  readonly floorCents?: number;
  /** What the kind keeps beside the new order (an unlock's tool plan), in the transaction that places it. */
  readonly recordWithOrder?: (tx: Db, order: Order) => Promise<void>;
}

/**
 * The checkout of every order kind, as explicit steps; what undoes each when a later one fails:
 * 1. price each cart with its coupon (re-validated, and refused where it would take the cart below
 *    its floor) — nothing to undo;
 * 2. place the orders, pending payment, each holding one use of its coupon (one transaction: a
 *    coupon with no use left places nothing) — undone by cancelling them, which gives the uses back;
 * 3. open the provider's payment session for their sum — an unpaid session simply expires at the provider;
 * 4. remember the session and when it runs out (the expiry job closes the orders then).
 * A total of zero (a 100% coupon) skips 3-4: the orders are placed, the coupon used and the orders
 * paid and queued in one transaction, or not at all.
 *
 * Several carts (a mixed cart, ADR 081) make one order per kind, each fulfilled by its kind, under
 * one payment: the first order holds the session and names the checkout on every order; its
 * payment settles them all and its expiry closes them all (settle-payment.ts).
 */
export async function checkoutCarts(
  deps: WorkflowDeps,
  carts: readonly [Cart, ...Cart[]],
  logger: Logger = deps.logger,
): Promise<{ url: string; orders: [Order, ...Order[]] }> {
  const first = carts[0];
  const checkoutId = carts.length > 1 ? randomUUID() : undefined;
  return runSteps('checkout', logger, async (step) => {
    const inputs = await step('price', () =>
      Promise.all(
        carts.map(async (cart, index) => {
          const coupon = cart.couponCode ? await checkCoupon(deps.db, cart.couponCode, cart.kind) : null;
          const subtotal = cart.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
          const totals = checkoutTotals(subtotal, coupon);
          if (cart.floorCents !== undefined && !discountKeepsFloor(subtotal, totals.discountCents, cart.floorCents))
            throw couponError('belowFloor');
          return {
            ...(checkoutId ? { checkoutId, ...(index === 0 ? { id: checkoutId } : {}) } : {}),
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
        }),
      ),
    );
    const totalCents = inputs.reduce((sum, input) => sum + input.totalCents, 0);
    const placeAll = async (tx: Db) => {
      const placed: Order[] = [];
      for (const [index, input] of inputs.entries()) {
        const order = await placeOrder(tx, input);
        await carts[index]?.recordWithOrder?.(tx, order);
        if (order.couponCode) await reserveCoupon(tx, { code: order.couponCode, orderId: order.id });
        placed.push(order);
      }
      return placed as [Order, ...Order[]];
    };

    if (totalCents === 0) {
      const orders = await step('place, use the coupon and settle a free order', () =>
        inTransaction(deps.db, async (tx) => {
          const placed = await placeAll(tx);
          for (const order of placed) {
            const settlement = await settlePayment(deps, tx, order, { provider: NO_PROVIDER, paymentRef: null });
            // Without a use left the coupon cannot make an order free: refuse it and keep nothing.
            if (settlement.couponRedeemed === false) throw couponError('usageLimit');
          }
          return placed;
        }),
      );
      return { url: first.successUrl(orders[0]), orders };
    }

    const orders = await step(
      'place the orders, holding their coupon uses',
      () => inTransaction(deps.db, placeAll),
      async (placed) => {
        for (const order of placed)
          await closeUnpaidOrder(deps, order.id, 'cancelled', 'The payment could not be started.');
      },
    );
    const [order, ...others] = orders;

    const session = await step('open the payment session', async () => {
      try {
        return await deps.payments.provider.createCheckoutSession({
          orderId: order.id,
          email: order.email,
          amountCents: totalCents,
          currency: order.currency,
          lineItems: carts.flatMap((cart) =>
            cart.lines.map((line) => ({
              name: line.name,
              unitAmountCents: line.unitPriceCents,
              quantity: line.quantity,
            })),
          ),
          // A cart of several kinds is paid once: the payment page names every order it pays (issue 44).
          description: carts.map((cart, index) => cart.description(orders[index] ?? order)).join(' + '),
          successUrl: first.successUrl(order),
          cancelUrl: first.cancelUrl,
        });
      } catch (error) {
        logger.error({ err: error, orderId: order.id }, 'payment session could not be created');
        throw new AppError('UNAVAILABLE', PAYMENT_START_FAILED);
      }
    });

    await step('remember the session', async () => {
      const expiresAt = session.expiresAt ?? new Date(Date.now() + DEFAULT_SESSION_TTL_MS);
      const provider = deps.payments.provider.name;
      await inTransaction(deps.db, async (tx) => {
        await rememberPaymentSession(tx, order.id, { provider, sessionId: session.sessionId, expiresAt });
        await rememberCheckoutExpiry(
          tx,
          others.map((other) => other.id),
          { provider, expiresAt },
        );
      });
    });
    return { url: session.url, orders };
  });
}

/** The checkout of one cart: one order, paid alone. */
export async function checkout(
  deps: WorkflowDeps,
  cart: Cart,
  logger: Logger = deps.logger,
): Promise<{ url: string; order: Order }> {
  const { url, orders } = await checkoutCarts(deps, [cart], logger);
  return { url, order: orders[0] };
}

/**
 * The cart's checkout (POST /api/esim/checkout): its eSIM packages priced from the eSIM catalogue
 * and its licenses from theirs (ADR 081), then the shared checkout, one order per kind under one
 * payment. The coupon is the first order's: the eSIMs', or the licenses' in a cart of licenses only.
 */
export async function checkoutEsim(
  deps: WorkflowDeps & { readonly esim: EsimService; readonly licenses: LicenseService },
  request: CartCheckoutRequest,
  buyer: {
    readonly userId: string | null;
    /** The store's address as the buyer sees it (return-url.ts); the configured one otherwise. */
    readonly returnBaseUrl?: string;
  },
  logger?: Logger,
): Promise<{ url: string }> {
  const base = buyer.returnBaseUrl ?? deps.publicUrl;
  const carts: Cart[] = [];
  if (request.items.length > 0) {
    const lines = await deps.esim.priceCart(request.items);
    carts.push({
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
    });
  }
  const licenses = request.licenses ?? [];
  if (licenses.length > 0) {
    const coupon = carts.length === 0 ? request.coupon_code : undefined;
    carts.push(await licenseCart(deps, { email: request.email, items: licenses, coupon_code: coupon }, buyer));
  }
  const [first, ...others] = carts;
  if (!first) throw new AppError('BAD_REQUEST', CART_EMPTY);
  const { url } = await checkoutCarts(deps, [first, ...others], logger);
  return { url };
}
