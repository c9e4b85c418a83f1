import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/esim-shop';
import { EsimShop } from '~/features/esim/components/esim-shop';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Travel eSIM data packages') },
  {
    name: 'description',
    content:
      'Prepaid travel eSIM data for countries and regions worldwide: compare packages, pay securely and install in one tap before you fly.',
  },
];

export default function EsimShopPage() {
  return <EsimShop />;
}
