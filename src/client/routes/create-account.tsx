import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { DASHBOARD_HREF } from '../../domain/site-map';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/create-account';
import { PageSkeleton } from '~/components/layout/page-skeleton';
import { ME_QUERY_KEY, useMe } from '~/features/auth/api/get-me';
import { CreateAccountScreen } from '~/features/create-account/components/create-account-screen';
import { toastSuccess } from '~/lib/notify';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Create Your Account') },
  { name: 'description', content: 'Turn your orders into an account: set a password for the email you ordered with.' },
  { name: 'robots', content: 'noindex' },
];

/** /create-account?order=&token= (spec route table "Guest account upgrade"): the link in every order email. */
export default function CreateAccountPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const orderId = searchParams.get('order')?.trim();
  const token = searchParams.get('token')?.trim();

  if (me.isPending) return <PageSkeleton />;
  return (
    <CreateAccountScreen
      link={orderId && token ? { order_id: orderId, token } : null}
      signedInEmail={me.data?.user?.email ?? null}
      onDone={async (answer) => {
        // Signed in now (a new account) and holding new orders: ask again for both.
        queryClient.removeQueries({ queryKey: ['account'] });
        await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
        await navigate(DASHBOARD_HREF, { replace: true });
        // Said on the dashboard it speaks of: shown before a slow navigation, it could fade before the page changed.
        toastSuccess(
          answer.claimed === 0
            ? 'Your account is ready.'
            : answer.claimed === 1
              ? 'Your order is in your dashboard.'
              : `${answer.claimed} orders are in your dashboard.`,
        );
      }}
    />
  );
}
