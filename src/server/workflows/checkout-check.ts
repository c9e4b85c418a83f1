import { maskImei } from '../../domain/imei.ts';
import {
  CHECK_PRODUCT_IDS,
  CHECK_PRODUCTS,
  type CheckProductId,
  CHECK_REUSED_MESSAGES,
  type CheckOrderAnswer,
  checkItemName,
  type ParsedCheckOrderRequest,
} from '../../domain/device-checks.ts';
import { shortId } from '../../domain/short-id.ts';
import type { ChecksConfig } from '../integrations/checks/index.ts';
import { checkServiceIds } from '../integrations/checks/index.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { orderPageUrl } from '../emails/links.ts';
import { recordCheck, reusableCheck } from '../modules/checks/service.ts';
import { findOrder } from '../modules/orders/service.ts';
import type { ProductPriceService } from '../modules/prices/service.ts';
import type { TacTable } from '../modules/checks/tac-table.ts';
import { checkout } from './checkout.ts';
import { refuseMisfit } from './device-fit.ts';
import type { WorkflowDeps } from './deps.ts';

export const CHECK_UNAVAILABLE = 'This check is not available at the moment. Please try again later.';

/**
 * Buying a device check:
 * 0. a device the store knows the check is not made for (a Knox check for an iPhone) is refused,
 *    with the check that fits, before anything is placed (device-fit.ts);
 * 1. the same check of the same device answered in the last 24 hours for the signed-in owner is
 *    not sold again: they are sent to it, and nothing is charged. A guest is answered exactly as for
 *    a new check: an email address and an IMEI, which anyone may type, do not prove who is asking,
 *    and "reused" (or a mail to that address) would tell them that person checked that device
 *    (issue 45 §8);
 * 2. otherwise the shared checkout at the product's price now (an admin's, or its list price), the check kept beside the order in the
 *    transaction that places it (its provider service chosen now, from CHECKS_SERVICE_IDS).
 */
export async function checkoutCheck(
  deps: WorkflowDeps & {
    readonly checks: ChecksConfig;
    readonly prices: ProductPriceService;
    readonly tacTable: TacTable;
  },
  request: ParsedCheckOrderRequest,
  buyer: { readonly userId: string | null; readonly returnBaseUrl?: string },
  logger?: Logger,
  now = new Date(),
): Promise<CheckOrderAnswer> {
  const product = CHECK_PRODUCTS[request.product];
  const base = buyer.returnBaseUrl ?? deps.publicUrl;
  const prices = (await deps.prices.current()).check;
  const priced = (id: CheckProductId) => ({ ...CHECK_PRODUCTS[id], priceCents: prices[id] });
  await refuseMisfit(
    deps.db,
    deps.tacTable,
    request.identifier,
    priced(product.id),
    CHECK_PRODUCT_IDS.filter((id) => id !== product.id).map(priced),
  );
  const earlier = await reusableCheck(
    deps.db,
    { product: product.id, identifier: request.identifier, buyerEmail: request.email, buyerUserId: buyer.userId },
    now,
  );
  const earlierOrder = earlier ? await findOrder(deps.db, earlier.orderId) : null;
  if (earlierOrder && buyer.userId && earlierOrder.userId === buyer.userId) {
    return {
      outcome: 'reused',
      url: orderPageUrl(base, { id: earlierOrder.id, kind: 'check' }),
      message: CHECK_REUSED_MESSAGES.signedIn,
    };
  }

  const serviceId = checkServiceIds(deps.checks)[product.id];
  if (!serviceId) throw new AppError('UNAVAILABLE', CHECK_UNAVAILABLE);
  const { url, order } = await checkout(
    deps,
    {
      kind: 'check',
      email: request.email,
      userId: buyer.userId,
      couponCode: request.coupon_code || null,
      lines: [
        {
          productRef: product.id,
          name: checkItemName(product.name, maskImei(request.identifier)),
          unitPriceCents: prices[product.id],
          quantity: 1,
          details: { product: product.id, identifier_masked: maskImei(request.identifier) },
        },
      ],
      description: (placed) => `${product.name} ${shortId(placed.id)}`,
      successUrl: (placed) => orderPageUrl(base, placed),
      cancelUrl: new URL(`${product.href}?checkout=cancelled`, base).toString(),
      recordWithOrder: (tx, placed) =>
        recordCheck(tx, {
          orderId: placed.id,
          product: product.id,
          identifier: request.identifier,
          serviceId,
          buyerEmail: request.email,
          buyerUserId: buyer.userId,
        }),
    },
    logger,
  );
  return { outcome: 'checkout', url, order_id: order.id };
}
