import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/licenses';
import { LicenseShop } from '~/features/licenses/components/license-shop';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Digital licenses') },
  {
    name: 'description',
    content:
      'Genuine software license keys for Windows, Office, antivirus and VPNs, delivered the moment your payment clears.',
  },
];

/** /digital-licenses (spec route table). */
export default function LicensesPage() {
  return <LicenseShop />;
}
