import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { isAdminPath, showsCartButton } from '../../domain/site-map';
import type { Route } from './+types/store-layout';
import { PageSkeleton } from '~/components/layout/page-skeleton';
import { RouteProgress } from '~/components/layout/route-progress';
import type { SessionView } from '~/components/layout/session-view';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { MAIN_CONTENT_ID, SkipLink } from '~/components/layout/skip-link';
import { notify } from '~/lib/notify';
import { lazyNearView } from '~/lib/lazy-near-view';
import { useDelayedFlag } from '~/lib/use-delayed-flag';
import { ME_QUERY_KEY, meReader, useMe } from '~/features/auth/api/get-me';
import { pageData, readAnswer } from '~/lib/page-data';
import { useSignOut } from '~/features/auth/api/sign-out';
import { CartProvider, useCart } from '~/features/esim/cart/cart-context';
import { CartButton } from '~/features/esim/components/cart-button';
import { ReportBugButton } from '~/features/bug-report/components/report-bug-button';

// The checkout dialog loads when first opened, so pages without the shop stay light.
const CheckoutDialog = lazy(() =>
  import('~/features/esim/components/checkout-dialog').then((module) => ({ default: module.CheckoutDialog })),
);

// Below the fold on every page: its code loads once it comes near the screen, its prerendered HTML
// stays in place meanwhile, and what is typed or sent there is kept (ADR 029, ADR 063).
const FooterNewsletter = lazyNearView('newsletter', () =>
  import('~/features/newsletter/components/newsletter-signup').then((module) => ({ default: module.NewsletterSignup })),
);

/**
 * A page rendered per request shows who is signed in from its first answer (ADR 102): the header,
 * and the pages that ask, start from it. A prerendered page has no one to ask about.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await readAnswer(context.api, '/api/me', meReader);
  return me ? pageData([[ME_QUERY_KEY, me]]) : null;
}

/** Moving between pages within the app: the session is in the browser's cache already. */
export function clientLoader() {
  return null;
}

/** Header, footer and the page between them; the admin area brings its own frame. */
export default function StoreLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const me = useMe();
  const signOut = useSignOut();

  const loading = navigation.state !== 'idle';
  // Only a slow change of page swaps in the skeleton; quick ones keep the old page until ready.
  const slowPageChange = useDelayedFlag(
    navigation.state === 'loading' && navigation.location.pathname !== pathname,
    300,
  );

  const session: SessionView = me.isPending
    ? { status: 'loading' }
    : me.data?.user
      ? { status: 'signed-in', email: me.data.user.email, isAdmin: me.data.isAdmin }
      : { status: 'signed-out' };

  const handleSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => void notify((toast) => toast.success('You have signed out.')),
      onError: (error) => void notify((toast) => toast.error(error.message)),
    });

  const chrome = !isAdminPath(pathname);
  const reportBug = <ReportBugButton defaultEmail={session.status === 'signed-in' ? session.email : ''} />;

  return (
    <CartProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <RouteProgress active={loading} />
        {chrome ? (
          <SiteHeader
            cart={showsCartButton(pathname) ? <CartButton /> : null}
            session={session}
            onSignOut={handleSignOut}
            signingOut={signOut.isPending}
          />
        ) : null}
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="flex flex-1 flex-col outline-none"
          aria-busy={loading || undefined}
        >
          {slowPageChange ? <PageSkeleton /> : <Outlet />}
        </main>
        {chrome ? (
          <SiteFooter newsletter={<FooterNewsletter />} reportBug={reportBug} />
        ) : (
          <div className="flex justify-end border-t border-border px-4 py-3 sm:px-6">{reportBug}</div>
        )}
        <EsimCheckout defaultEmail={session.status === 'signed-in' ? session.email : ''} />
      </div>
    </CartProvider>
  );
}

function EsimCheckout({ defaultEmail }: { readonly defaultEmail: string }) {
  const { checkout } = useCart();
  // Loaded on the first opening, then kept so that closing can animate and return the focus.
  const [wanted, setWanted] = useState(false);
  if (checkout && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CheckoutDialog defaultEmail={defaultEmail} />
    </Suspense>
  );
}
