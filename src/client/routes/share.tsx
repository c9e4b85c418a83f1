import { useParams } from 'react-router';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/share';
import { SharedOrderScreen } from '~/features/share/components/shared-order-screen';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Shared Order Status') },
  { name: 'description', content: 'The state, progress and history of an order, shared read-only by its owner.' },
  // A shared link is for the people it was given to: never indexed.
  { name: 'robots', content: 'noindex' },
];

/** /share/:token (spec route table "Shared result"). */
export default function SharePage() {
  const { token = '' } = useParams();
  return <SharedOrderScreen key={token} token={token.trim()} />;
}
