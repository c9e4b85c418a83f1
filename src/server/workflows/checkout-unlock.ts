import { couponDiscountCents, type CouponEffect } from '../../domain/coupon.ts';
import { maskImei } from '../../domain/imei.ts';
import { discountKeepsFloor } from '../../domain/offer.ts';
import { NO_MATCH_MESSAGE, type QuoteAnswer } from '../../domain/quote.ts';
import { shortId } from '../../domain/short-id.ts';
import {
  QUOTE_CHANGED_MESSAGE,
  UNLOCK_IN_PROGRESS_MESSAGE,
  UNLOCK_REFUSALS,
  type UnlockOrderAnswer,
  type UnlockOrderRequest,
} from '../../domain/unlock-order.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { CatalogService } from '../modules/catalog/service.ts';
import type { QuoteEngine } from '../modules/quotes/service.ts';
import { orderPageUrl } from '../emails/links.ts';
import { reportedLockOf } from '../modules/checks/service.ts';
import { couponError } from '../modules/coupons/service.ts';
import { createUnlockPlan, unlockInProgress } from '../modules/unlocks/service.ts';
import { checkout } from './checkout.ts';
import type { WorkflowDeps } from './deps.ts';

export interface UnlockCheckoutDeps extends WorkflowDeps {
  readonly quotes: QuoteEngine;
  readonly catalog: CatalogService;
}

type StoredQuote = NonNullable<Awaited<ReturnType<QuoteEngine['findQuote']>>>;

function quoteChanged(quote: QuoteAnswer): AppError {
  return new AppError('QUOTE_CHANGED', QUOTE_CHANGED_MESSAGE, undefined, { quote });
}

/** Whether the stored quote still holds: unexpired, for the device the form describes, at today's price. */
function stillHolds(stored: StoredQuote, fresh: StoredQuote, imei: string, now: Date): boolean {
  return (
    stored.expiresAt.getTime() > now.getTime() &&
    // A quote is given while the IMEI is still being typed: it holds for the IMEI it began.
    imei.startsWith(stored.imei) &&
    stored.brandSlug === fresh.brandSlug &&
    (stored.model ?? '') === (fresh.model ?? '') &&
    stored.carrierSlug === fresh.carrierSlug &&
    stored.countryCode === fresh.countryCode &&
    stored.priceCents === fresh.priceCents
  );
}

/** The tools an order of the stored quote is routed to, best first: those the supplier still offers. */
const planTools = (deps: UnlockCheckoutDeps, stored: StoredQuote) =>
  deps.quotes.activeTools([...(stored.toolId ? [stored.toolId] : []), ...stored.alternativeToolIds]);

/**
 * A coupon's effect on an unlock of the stored quote (the coupon box's check): refused where it
 * would take the sale below its cost plus the minimum margin, as the checkout would refuse it.
 */
export async function checkUnlockCoupon(
  deps: UnlockCheckoutDeps,
  quoteId: string,
  coupon: CouponEffect,
): Promise<CouponEffect> {
  const stored = await deps.quotes.findQuote(quoteId);
  if (!stored) return coupon;
  const tools = await planTools(deps, stored);
  const floor = await deps.quotes.saleFloorCents(stored, tools);
  const discount = couponDiscountCents(stored.priceCents, coupon);
  if (!discountKeepsFloor(stored.priceCents, discount, floor)) throw couponError('belowFloor');
  return coupon;
}

/**
 * The unlock checkout: the stored quote's price, never the client's, through the one checkout.
 * 1. refuse an IMEI with a paid unlock in progress (409 with a link to it), and one a check found
 *    blacklisted or in lost mode (409 DEVICE_NOT_ELIGIBLE: the carrier would refuse it);
 * 2. re-quote the form through the quote engine; a missing, expired or superseded quote, or one
 *    for another device, is answered 409 with the fresh (stored) quote for the customer to review;
 * 3. the shared checkout, placing the order with its tool plan (primary then alternatives) in the
 *    same transaction; the plan stays in the unlocks module, never in the order's items.
 */
export async function checkoutUnlock(
  deps: UnlockCheckoutDeps,
  request: UnlockOrderRequest,
  buyer: { readonly userId: string | null; readonly returnBaseUrl?: string },
  logger?: Logger,
  now = new Date(),
): Promise<UnlockOrderAnswer> {
  const base = buyer.returnBaseUrl ?? deps.publicUrl;
  const inProgress = await unlockInProgress(deps.db, request.imei);
  if (inProgress) {
    throw new AppError('UNLOCK_IN_PROGRESS', UNLOCK_IN_PROGRESS_MESSAGE, undefined, {
      order_url: `/order/${inProgress}`,
    });
  }

  const reported = await reportedLockOf(deps.db, request.imei);
  if (reported) {
    throw new AppError('DEVICE_NOT_ELIGIBLE', UNLOCK_REFUSALS[reported], undefined, { reason: reported });
  }

  const fresh = await deps.quotes.quote(
    {
      imei: request.imei,
      brand: request.brand,
      model: request.model,
      network: request.carrier,
      country: request.country,
    },
    { admin: false },
  );
  if (!fresh.supported || !fresh.quote_id) throw quoteChanged(fresh);
  const [stored, freshRow] = await Promise.all([
    deps.quotes.findQuote(request.quote_id),
    deps.quotes.findQuote(fresh.quote_id),
  ]);
  if (!freshRow) throw new Error(`quote ${fresh.quote_id} was not stored`);
  if (!stored || !stillHolds(stored, freshRow, request.imei, now)) throw quoteChanged(fresh);

  const tools = await planTools(deps, stored);
  if (tools.length === 0) {
    // Priced, but no supplier tool can carry it out: nothing to sell.
    throw quoteChanged({
      ...fresh,
      quote_id: null,
      expires_at: null,
      price_cents: 0,
      supported: false,
      message: NO_MATCH_MESSAGE,
    });
  }
  const floorCents = await deps.quotes.saleFloorCents(stored, tools);
  const averageHours = stored.averageHours ?? fresh.average_hours ?? 1;
  const guaranteedHours = stored.guaranteedHours ?? fresh.guaranteed_hours ?? tools[0]?.deliveryHoursMax ?? 72;

  const names = await deps.catalog.catalogueNames({
    brand: request.brand,
    carrier: request.carrier,
    country: request.country,
  });
  const device = [names.brand ?? request.brand, request.model].filter(Boolean).join(' ');
  const carrier = names.carriers.join(', ') || request.carrier;
  const country = names.country ?? request.country;

  const { url, order } = await checkout(
    deps,
    {
      kind: 'unlock',
      email: request.email,
      userId: buyer.userId,
      couponCode: request.coupon_code || null,
      floorCents,
      lines: [
        {
          productRef: stored.id,
          name: `Carrier unlock: ${device} (${carrier})`,
          unitPriceCents: stored.priceCents,
          quantity: 1,
          details: {
            imei_masked: maskImei(request.imei),
            device,
            carrier,
            country,
            average_hours: averageHours,
            guaranteed_hours: guaranteedHours,
          },
        },
      ],
      description: (placed) => `Carrier unlock ${shortId(placed.id)}`,
      successUrl: (placed) => orderPageUrl(base, placed),
      cancelUrl: new URL('/?checkout=cancelled', base).toString(),
      recordWithOrder: (tx, placed) =>
        createUnlockPlan(tx, {
          orderId: placed.id,
          quoteId: stored.id,
          imei: request.imei,
          brandSlug: stored.brandSlug,
          tools,
          averageHours,
          guaranteedHours,
        }),
    },
    logger,
  );
  return { url, order_id: order.id };
}
