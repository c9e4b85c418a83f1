import { useParams, useSearchParams } from 'react-router';
import { orderAccessOf } from '../../domain/order-page';
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
  const access = orderAccessOf(id, searchParams.get('token'));
  return <OrderScreen key={`${access.orderId}/${access.token}`} access={access} />;
}
