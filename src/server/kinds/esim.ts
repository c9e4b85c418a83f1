import { iosInstallLink } from '../../domain/esim-checkout.ts';
import type { EsimService } from '../modules/esim/service.ts';
import { esimFulfiller } from '../workflows/fulfillers/esim.ts';
import type { ServerOrderKind } from './kind.ts';

/** eSIM orders: issued at once after payment; the answer carries each issued eSIM's install data. */
export function esimKind(
  deps: Parameters<typeof esimFulfiller>[0] & { readonly esim: EsimService },
): ServerOrderKind<'esim'> {
  return {
    fulfiller: esimFulfiller(deps),
    async answer(_order, items) {
      const profiles = await deps.esim.profiles(items.map((item) => item.id));
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
  };
}
