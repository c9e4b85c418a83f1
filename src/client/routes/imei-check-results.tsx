import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/imei-check-results';
import { useMe } from '~/features/auth/api/get-me';
import { RecentChecksScreen } from '~/features/device-checks/components/recent-checks-screen';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your Check Results') },
  { name: 'robots', content: 'noindex' },
];

/** /imei-check/results: the visitor's recent checks (signed in: all of them). */
export default function ImeiCheckResultsPage() {
  const me = useMe();
  return <RecentChecksScreen signedIn={Boolean(me.data?.user)} sessionKnown={!me.isPending} />;
}
