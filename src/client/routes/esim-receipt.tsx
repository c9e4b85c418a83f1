import { useSearchParams } from 'react-router';
import { orderAccessOf } from '../../domain/order-page';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/esim-receipt';
import { ReceiptScreen } from '~/features/esim-receipt/components/receipt-screen';

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

/** /esim/receipt and /esim-receipt: the receipt for ?order=<id>&token=<access token>. */
export default function EsimReceiptPage() {
  const [searchParams] = useSearchParams();
  const access = orderAccessOf(searchParams.get('order') ?? '', searchParams.get('token'));
  return <ReceiptScreen key={`${access.orderId}/${access.token}`} access={access.orderId ? access : null} />;
}
