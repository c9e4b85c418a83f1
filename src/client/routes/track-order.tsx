import { LayoutDashboard, PackageSearch } from 'lucide-react';
import { Link } from 'react-router';
import { AUTH_HREF, DASHBOARD_HREF, TRACK_ORDER_HREF } from '../../domain/site-map';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/track-order';
import { Card, CardContent } from '~/components/ui/card';
import { useMe } from '~/features/auth/api/get-me';
import { TrackOrderForm } from '~/features/track-order/components/track-order-form';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Track Your Order') },
  {
    name: 'description',
    content: 'Follow your unlock, IMEI check or eSIM order: enter your email and your Order ID or IMEI.',
  },
];

/** /track-order (spec route table "Order tracking"): order lookup for anyone, no account needed. */
export default function TrackOrderPage() {
  const me = useMe();
  const user = me.data?.user ?? null;
  const signIn = `${AUTH_HREF}?${new URLSearchParams({ redirectTo: DASHBOARD_HREF }).toString()}`;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <PackageSearch aria-hidden className="size-7" />
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Track Your Order</h1>
        <p className="mt-3 max-w-lg text-balance text-muted-foreground">
          Enter the email you ordered with and your Order ID or IMEI to see where your order stands, live.
        </p>
      </div>
      <Card className="mt-8">
        <CardContent>
          {/* The form starts again for the signed-in user's email once it is known. */}
          <TrackOrderForm key={user?.email ?? TRACK_ORDER_HREF} defaultEmail={user?.email} />
        </CardContent>
      </Card>
      <p className="mt-6 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <LayoutDashboard aria-hidden className="size-4 shrink-0" />
        {user ? (
          <span>
            All your orders are in your{' '}
            <Link to={DASHBOARD_HREF} className="font-medium text-primary underline-offset-4 hover:underline">
              Dashboard
            </Link>
            .
          </span>
        ) : (
          <span>
            Have an account?{' '}
            <Link to={signIn} className="font-medium text-primary underline-offset-4 hover:underline">
              Sign in
            </Link>{' '}
            to see every order in your dashboard.
          </span>
        )}
      </p>
    </div>
  );
}
