import { useParams } from 'react-router';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/share';
import { sharedOrderPageData } from '~/features/share/api/get-shared-order';
import { SharedOrderScreen } from '~/features/share/components/shared-order-screen';
import { CONTENT_FIRST } from '~/lib/page-data';

export const handle = CONTENT_FIRST;

/** The first answer shows the shared order (ADR 102). */
export function loader({ params, context }: Route.LoaderArgs) {
  return sharedOrderPageData(context.api, params.token.trim());
}

/** Moving here within the app: the page asks for the order itself. */
export function clientLoader() {
  return null;
}

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
