import { iosInstallLink } from '../../../domain/esim-checkout.ts';
import { shortId } from '../../../domain/short-id.ts';
import { NO_PROVIDER, type OrderAnswer } from '../../../domain/order.ts';
import type { Db } from '../../db/client.ts';
import type { EsimService } from '../esim/service.ts';
import { unlockDetails } from '../unlocks/service.ts';
import { orderEvents, orderForViewer, orderItems } from './service.ts';

/**
 * The receipt and tracking view of an order, for its access token or its signed-in owner;
 * null for anyone else, exactly as for an order that does not exist.
 */
export async function orderReceipt(
  db: Db,
  esim: EsimService,
  id: string,
  viewer: { readonly token?: string; readonly userId?: string | null },
): Promise<OrderAnswer | null> {
  const order = await orderForViewer(db, id, viewer);
  if (!order) return null;
  const [items, events] = await Promise.all([orderItems(db, id), orderEvents(db, id)]);
  const [profiles, unlock] = await Promise.all([
    order.kind === 'esim' ? esim.profiles(items.map((item) => item.id)) : [],
    order.kind === 'unlock' ? unlockDetails(db, id, items) : null,
  ]);
  return {
    id: order.id,
    short_id: shortId(order.id),
    kind: order.kind,
    status: order.status,
    email: order.email,
    currency: order.currency,
    subtotal_cents: order.subtotalCents,
    discount_cents: order.discountCents,
    total_cents: order.totalCents,
    coupon_code: order.couponCode,
    refunded: order.refundRef !== null && order.refundRef !== NO_PROVIDER,
    created_at: order.createdAt.toISOString(),
    items: items.map((item) => ({
      id: item.id,
      product_ref: item.productRef,
      name: item.name,
      quantity: item.quantity,
      unit_price_cents: item.unitPriceCents,
      line_total_cents: item.unitPriceCents * item.quantity,
      details: item.details,
    })),
    events: events.map((event) => ({
      id: event.id,
      status: event.status,
      message: event.message,
      created_at: event.createdAt.toISOString(),
    })),
    esim_profiles: profiles.map((profile) => ({
      order_item_id: profile.orderItemId,
      iccid: profile.iccid,
      smdp_address: profile.smdpAddress,
      matching_id: profile.matchingId,
      lpa: profile.lpa,
      ios_install_link: iosInstallLink(profile.lpa),
    })),
    unlock,
  };
}
