import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { orderAccessOf } from '../../domain/order-page';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/imei-check-result';
import { rememberCheck } from '~/features/device-checks/recent-checks';
import { OrderScreen } from '~/features/order/components/order-screen';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your Check Result') },
  // A result belongs to its buyer: never indexed, whatever link it was reached by.
  { name: 'robots', content: 'noindex' },
];

/** /imei-check/results/:id: a paid check's order page, its result first; ?token= from the email. */
export default function ImeiCheckResultPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const { orderId, token } = orderAccessOf(id, searchParams.get('token'));
  useEffect(() => {
    rememberCheck({ id: orderId, token, title: `Device check ${orderId.slice(0, 8)}`, at: new Date().toISOString() });
  }, [orderId, token]);
  return <OrderScreen key={`${orderId}/${token}`} access={{ orderId, token }} />;
}
