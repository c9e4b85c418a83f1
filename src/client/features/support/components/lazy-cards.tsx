import { lazy, Suspense } from 'react';
import type { OrderAccess } from '~/lib/get-order';

// Not on the order pages' or the dashboard's start-up path: each card (its list, its schemas) loads
// once the page runs.
const OrderSupportCard = lazy(() =>
  import('./order-support-card').then((module) => ({ default: module.OrderSupportCard })),
);
const AccountConversations = lazy(() =>
  import('./account-conversations').then((module) => ({ default: module.AccountConversations })),
);

/** The order pages' support card, its code fetched after the page's own. */
export function LazyOrderSupportCard({ access }: { access: OrderAccess }) {
  return (
    <Suspense fallback={null}>
      <OrderSupportCard access={access} />
    </Suspense>
  );
}

/** The dashboard's support card, its code fetched after the page's own. */
export function LazyAccountConversations({ email }: { email: string }) {
  return (
    <Suspense fallback={null}>
      <AccountConversations email={email} />
    </Suspense>
  );
}
