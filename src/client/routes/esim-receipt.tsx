import { useSearchParams } from 'react-router';
import { orderAccessOf } from '../../domain/order-page';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/esim-receipt';
import { orderQueryOptions } from '~/features/esim-receipt/api/get-order';
import { ReceiptScreen } from '~/features/esim-receipt/components/receipt-screen';
import { orderPageData } from '~/lib/get-order';
import { CONTENT_FIRST } from '~/lib/page-data';
import { LazyOrderSupportCard } from '~/features/support/components/lazy-cards';

export const handle = CONTENT_FIRST;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your eSIM Receipt') },
  {
    name: 'description',
    content:
      'Your eSIM order, its delivery status, the QR code and one-tap install link, and the after-install checklist.',
  },
  // A receipt belongs to its buyer: never indexed, whatever link it was reached by.
  { name: 'robots', content: 'noindex' },
];

const accessOf = (params: URLSearchParams) => orderAccessOf(params.get('order') ?? '', params.get('token'));

/** The first answer shows the receipt (ADR 102). */
export function loader({ request, context }: Route.LoaderArgs) {
  const access = accessOf(new URL(request.url).searchParams);
  return orderPageData(context.api, access, orderQueryOptions(access).queryKey);
}

/** Moving here within the app: the page asks for the order itself, as it keeps it fresh. */
export const clientLoader = () => null;

/** /esim/receipt and /esim-receipt: the receipt for ?order=<id>&token=<access token>. */
export default function EsimReceiptPage() {
  const [searchParams] = useSearchParams();
  const access = accessOf(searchParams);
  return (
    <ReceiptScreen
      key={`${access.orderId}/${access.token}`}
      access={access.orderId ? access : null}
      support={<LazyOrderSupportCard access={access} />}
    />
  );
}
