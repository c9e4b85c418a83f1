import { useParams, useSearchParams } from 'react-router';
import { orderAccessOf } from '../../domain/order-page';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/imei-check-result';
import { orderQueryKey } from '~/features/order/api/get-order';
import { orderPageData } from '~/lib/get-order';
import { OrderScreen } from '~/features/order/components/order-screen';
import { CONTENT_FIRST } from '~/lib/page-data';
import { LazyOrderSupportCard } from '~/features/support/components/lazy-cards';

export const handle = CONTENT_FIRST;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your Check Result') },
  // A result belongs to its buyer: never indexed, whatever link it was reached by.
  { name: 'robots', content: 'noindex' },
];

/** The first answer shows the result (ADR 102), as the order page's does. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const access = orderAccessOf(params.id, new URL(request.url).searchParams.get('token'));
  return orderPageData(context.api, access, orderQueryKey(access));
}

/** Moving here within the app: the page asks for the order itself, as it keeps it live. */
export function clientLoader() {
  return null;
}

/** /imei-check/results/:id: a paid check's order page, its result first; ?token= from the email. */
export default function ImeiCheckResultPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const { orderId, token } = orderAccessOf(id, searchParams.get('token'));
  return (
    <OrderScreen
      key={`${orderId}/${token}`}
      access={{ orderId, token }}
      support={<LazyOrderSupportCard access={{ orderId, token }} />}
    />
  );
}
