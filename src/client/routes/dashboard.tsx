import { CircleAlert, LogOut } from 'lucide-react';
import { Navigate, redirect } from 'react-router';
import { hasOpenOrders } from '../../domain/dashboard';
import { accountOrdersAnswerSchema } from '../../domain/order';
import { ACCOUNT_ORDERS_API_PATH } from '../../domain/order-page';
import { AUTH_HREF } from '../../domain/site-map';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/dashboard';
import { PageSkeleton } from '~/components/layout/page-skeleton';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { meQueryOptions, useMe } from '~/features/auth/api/get-me';
import { useSignOut } from '~/features/auth/api/sign-out';
import { AccountSecurityCard } from '~/features/auth/components/account-security-card';
import { AccountCard } from '~/features/dashboard/components/account-card';
import { accountOrdersQueryOptions, useAccountOrders } from '~/features/dashboard/api/get-orders';
import { OrdersEmptyState } from '~/features/dashboard/components/orders-empty-state';
import { OrdersList } from '~/features/dashboard/components/orders-list';
import { LazyAccountConversations } from '~/features/support/components/lazy-cards';
import { Skeleton } from '~/components/ui/skeleton';
import { CONTENT_FIRST, pageData, readResponse } from '~/lib/page-data';
import { queryClient } from '~/lib/query-client';
import { toastError, toastSuccess } from '~/lib/notify';

export const handle = CONTENT_FIRST;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Dashboard') },
  { name: 'description', content: 'Your orders, unlocks and eSIMs in one place.' },
  { name: 'robots', content: 'noindex' },
];

/**
 * The first answer shows the orders (ADR 102; who is signed in comes with the store's frame). Signed
 * out, the API refuses them: the sign-in page instead.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const response = await context.api?.(ACCOUNT_ORDERS_API_PATH);
  if (response?.status === 401) throw redirect(AUTH_HREF);
  const orders = response ? await readResponse(response, accountOrdersAnswerSchema) : null;
  return pageData(orders ? [[accountOrdersQueryOptions().queryKey, orders.orders]] : []);
}

/** Moving here within the app: the page asks for its orders itself, the session from the cache. */
export async function clientLoader() {
  const me = await queryClient.fetchQuery(meQueryOptions());
  if (!me.user) throw redirect(AUTH_HREF);
  return null;
}

export default function DashboardPage() {
  const me = useMe();
  const signOut = useSignOut();
  // Signing out removes the cached orders while this page is still shown: never ask again then.
  const orders = useAccountOrders({ signedIn: Boolean(me.data?.user) });

  if (me.isPending) return <PageSkeleton />;
  const user = me.data?.user;
  // Signing out here (or in another tab) leaves the page.
  if (!user) return <Navigate to={AUTH_HREF} replace />;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
          <p className="mt-2 text-muted-foreground">
            Signed in as <span className="font-medium break-all text-foreground">{user.email}</span>
          </p>
        </div>
        <Button
          variant="outline"
          className="self-start sm:self-auto"
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onSuccess: () => toastSuccess('You have signed out.'),
              onError: (error) => toastError(error.message),
            })
          }
        >
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </div>
      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {orders.isPending ? (
            <Skeleton className="h-64 rounded-xl" aria-label="Loading your orders" role="status" />
          ) : orders.isError ? (
            <Alert variant="destructive">
              <CircleAlert aria-hidden />
              <AlertTitle>We could not load your orders</AlertTitle>
              <AlertDescription>
                <p>{orders.error.message}</p>
                <Button variant="outline" size="sm" onClick={() => void orders.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : orders.data.length > 0 ? (
            <OrdersList orders={orders.data} live={hasOpenOrders(orders.data)} />
          ) : (
            <OrdersEmptyState />
          )}
        </div>
        <div className="grid gap-6">
          <AccountCard email={user.email} isAdmin={me.data?.isAdmin ?? false} />
          <LazyAccountConversations email={user.email} />
          <AccountSecurityCard />
        </div>
      </div>
    </div>
  );
}
