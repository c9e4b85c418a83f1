import type { LicenseCheckoutRequest } from '../../domain/licenses.ts';
import { shortId } from '../../domain/short-id.ts';
import { orderPageUrl } from '../emails/links.ts';
import type { Logger } from '../logger.ts';
import type { LicenseService } from '../modules/licenses/service.ts';
import { checkout } from './checkout.ts';
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
  const base = buyer.returnBaseUrl ?? deps.publicUrl;
  const lines = await deps.licenses.priceCart(request.items);
  const { url, order } = await checkout(
    deps,
    {
      kind: 'license',
      email: request.email,
      userId: buyer.userId,
      couponCode: request.coupon_code || null,
      lines,
      description: (placed) => `License order ${shortId(placed.id)}`,
      successUrl: (placed) => orderPageUrl(base, placed),
      cancelUrl: new URL('/digital-licenses?checkout=cancelled', base).toString(),
    },
    logger,
  );
  return { url, order_id: order.id };
}
