import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/esim-checkout';
import { useMe } from '~/features/auth/api/get-me';
import { EsimCheckoutScreen } from '~/features/esim/components/checkout-page';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Checkout') },
  // A cart is the visitor's own: never indexed.
  { name: 'robots', content: 'noindex' },
];

/** /esim/checkout (spec route table): the eSIM cart's checkout as a page. */
export default function EsimCheckoutPage() {
  const email = useMe().data?.user?.email ?? '';
  // A new signed-in email starts the form again with it (as the other checkout forms do).
  return <EsimCheckoutScreen key={email} defaultEmail={email} />;
}
