import { iosInstallLink } from '../../domain/esim-checkout.ts';
import { NO_PROVIDER } from '../../domain/order.ts';
import { esimReceiptEmail } from '../emails/esim-emails.ts';
import { esimFailedEmail, orderEmailKey } from '../emails/order-emails.ts';
import type { EsimService } from '../modules/esim/service.ts';
import { orderItems } from '../modules/orders/service.ts';
import { esimFulfiller } from '../workflows/fulfillers/esim.ts';
import type { ServerOrderKind } from './kind.ts';

/**
 * eSIM orders: issued at once after payment; the answer carries each issued eSIM's install data;
 * delivered, the receipt is mailed; failed and refunded, the customer is told.
 */
export function esimKind(
  deps: Parameters<typeof esimFulfiller>[0] & { readonly esim: EsimService; readonly publicUrl: string },
): ServerOrderKind<'esim'> {
  const { db, esim, publicUrl } = deps;
  return {
    fulfiller: esimFulfiller(deps),
    async answer(_order, items) {
      const profiles = await esim.profiles(items.map((item) => item.id));
      return {
        kind: 'esim',
        esim_profiles: profiles.map((profile) => ({
          order_item_id: profile.orderItemId,
          iccid: profile.iccid,
          smdp_address: profile.smdpAddress,
          matching_id: profile.matchingId,
          lpa: profile.lpa,
          ios_install_link: iosInstallLink(profile.lpa),
        })),
      };
    },
    shared: async () => ({ kind: 'esim' }),
    costSince: (since) => esim.netCostSince(since),
    async mail(event, order) {
      if (event.status === 'fulfilled') {
        const items = await orderItems(db, order.id);
        const profiles = await esim.profiles(items.map((item) => item.id));
        const mail = await esimReceiptEmail(order, items, profiles, publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'esim_ready') };
      }
      // A failed eSIM keeps its refund on the failed order: the email waits for the refund's record.
      if (event.status === 'failed' && order.refundRef) {
        const mail = await esimFailedEmail(order, order.refundRef !== NO_PROVIDER, publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'refunded') };
      }
      return null;
    },
  };
}
