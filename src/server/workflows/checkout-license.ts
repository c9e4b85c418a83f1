import { LICENSES_HREF, type LicenseCheckoutRequest, licenseHref } from '../../domain/licenses.ts';
import { shortId } from '../../domain/short-id.ts';
import { orderPageUrl } from '../emails/links.ts';
import type { Logger } from '../logger.ts';
import type { LicenseService } from '../modules/licenses/service.ts';
import { type Cart, checkout } from './checkout.ts';
import type { WorkflowDeps } from './deps.ts';

/**
 * Buying licenses, through the one checkout (ADR 079):
 * 1. price the cart from the catalogue; a product off sale is refused (404), and so is a
 *    quantity above the stock now (409 with what is left): nothing is held for the buyer;
 * 2. the shared checkout. The keys are claimed when the payment is recorded (the license
 *    fulfiller's onPaid): stock sold meanwhile makes the order wait, never sells a key twice.
 */
export async function checkoutLicenses(
  deps: WorkflowDeps & { readonly licenses: LicenseService },
  request: LicenseCheckoutRequest,
  buyer: { readonly userId: string | null; readonly returnBaseUrl?: string },
  logger?: Logger,
): Promise<{ url: string; order_id: string }> {
  const cart = await licenseCart(deps, request, buyer);
  const { url, order } = await checkout(deps, cart, logger);
  return { url, order_id: order.id };
}

/** The licenses of a cart priced from the catalogue (step 1 above), as the shared checkout takes them. */
export async function licenseCart(
  deps: Pick<WorkflowDeps, 'publicUrl'> & { readonly licenses: LicenseService },
  request: Pick<LicenseCheckoutRequest, 'email' | 'items' | 'coupon_code'>,
  buyer: { readonly userId: string | null; readonly returnBaseUrl?: string },
): Promise<Cart> {
  const base = buyer.returnBaseUrl ?? deps.publicUrl;
  return {
    kind: 'license',
    email: request.email,
    userId: buyer.userId,
    couponCode: request.coupon_code || null,
    lines: await deps.licenses.priceCart(request.items),
    description: (placed) => `License order ${shortId(placed.id)}`,
    successUrl: (placed) => orderPageUrl(base, placed),
    // One product goes back to its own page (its form refilled there), a cart of several to the shop.
    cancelUrl: new URL(
      `${request.items.length === 1 && request.items[0] ? licenseHref(encodeURIComponent(request.items[0].slug)) : LICENSES_HREF}?checkout=cancelled`,
      base,
    ).toString(),
  };
}
