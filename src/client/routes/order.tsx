import { useParams, useSearchParams } from 'react-router';
import { orderAccessOf } from '../../domain/order-page';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/order';
import { orderQueryKey } from '~/features/order/api/get-order';
import { orderPageData } from '~/lib/get-order';
import { OrderScreen } from '~/features/order/components/order-screen';
import { CONTENT_FIRST } from '~/lib/page-data';
import { LazyOrderSupportCard } from '~/features/support/components/lazy-cards';

export const handle = CONTENT_FIRST;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your Order') },
  { name: 'description', content: 'Where your order stands, its history, its payment and, once done, its result.' },
  // An order belongs to its buyer: never indexed, whatever link it was reached by.
  { name: 'robots', content: 'noindex' },
];

/** The first answer shows the order (ADR 102). */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const access = orderAccessOf(params.id, new URL(request.url).searchParams.get('token'));
  return orderPageData(context.api, access, orderQueryKey(access));
}

/** Moving here within the app: the page asks for the order itself, as it keeps it live. */
export function clientLoader() {
  return null;
}

/** /order/:id (spec route table "Order detail"): ?token= from the emailed link; signed-in owners need none. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const access = orderAccessOf(id, searchParams.get('token'));
  return (
    <OrderScreen
      key={`${access.orderId}/${access.token}`}
      access={access}
      support={<LazyOrderSupportCard access={access} />}
    />
  );
}
