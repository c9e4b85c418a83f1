import { useParams, useSearchParams } from 'react-router';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/order';
import { OrderScreen } from '~/features/order/components/order-screen';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your Order') },
  { name: 'description', content: 'Where your order stands, its history, its payment and, once done, its result.' },
  // An order belongs to its buyer: never indexed, whatever link it was reached by.
  { name: 'robots', content: 'noindex' },
];

/** /order/:id (spec route table "Order detail"): ?token= from the emailed link; signed-in owners need none. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const orderId = id.trim();
  return <OrderScreen key={`${orderId}/${token}`} access={{ orderId, token }} />;
}
