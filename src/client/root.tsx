import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { Home, RotateCw } from 'lucide-react';
import { type ReactNode, Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { Link, Links, Meta, Outlet, Scripts, isRouteErrorResponse, useMatches } from 'react-router';
import { STORE, pageTitle } from '../domain/store-config';
import type { Route } from './+types/root';
import './app.css';
import { AppSkeleton } from '~/components/layout/page-skeleton';
import { ScrollToTop } from '~/components/layout/scroll-to-top';
import { SiteLogo } from '~/components/layout/site-logo';
import { Button } from '~/components/ui/button';
import { EARLY_INPUT_SCRIPT, noteTypingUntilSettled, replayEarlyInput } from '~/lib/early-input';
import { isToasterWanted, subscribeToasterWanted, toasterIsReady } from '~/lib/notify';
import { useHydrated } from '~/lib/use-hydrated';
import { isContentFirst, matchedPageData } from '~/lib/page-data';
import { createQueryClient, queryClient } from '~/lib/query-client';
import { THEME_BOOT_SCRIPT } from '~/lib/theme';
import { useTheme } from '~/lib/use-theme';
import { RenderedAt } from '~/lib/use-now';

// Before React hydrates anything: from then on keystrokes into hydrated fields need the app's eye (ADR 029).
if (typeof window !== 'undefined') noteTypingUntilSettled();

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: Route.MetaFunction = () => [
  { title: pageTitle() },
  { name: 'description', content: `${STORE.name}: ${STORE.tagline}.` },
];

export function Layout({ children }: { children: ReactNode }) {
  const contentFirst = isContentFirst(useMatches());
  return (
    // The boot script sets the theme class and color-scheme on <html> before React hydrates, and
    // keeps what is typed or pressed before then (ADR 029).
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: `${THEME_BOOT_SCRIPT};${EARLY_INPUT_SCRIPT}` }} />
        <Meta />
        <Links />
      </head>
      {/* The server starts the scripts of a page whose content came with it after its first paint. */}
      <body data-content-first={contentFirst ? '' : undefined}>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

// Toasts only ever follow something the visitor or the network did: the library loads with the first.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Rendered after the Toaster, so its effect runs once the Toaster has subscribed to new toasts. */
function ToasterReady() {
  useEffect(toasterIsReady, []);
  return null;
}

function ThemedToaster() {
  const { theme } = useTheme();
  const hydrated = useHydrated();
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  if (!hydrated || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} position="bottom-center" richColors closeButton />
      <ToasterReady />
    </Suspense>
  );
}

/**
 * Last in the tree, so its effect runs after every other one of the first commit: starts applying
 * what was typed or pressed before the app started (ADR 029), and marks the page interactive (ADR 008).
 */
function HydratedMarker() {
  useEffect(() => {
    replayEarlyInput();
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export default function App() {
  // On the server each page gets a cache of its own: what one visitor may see never reaches another.
  const [client] = useState(() => (import.meta.env.SSR ? createQueryClient() : queryClient));
  // A server-rendered page's first data (ADR 102), above the frame: its header shows who is signed in.
  const pageData = matchedPageData(useMatches());
  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={pageData?.queries}>
        <RenderedAt value={pageData?.renderedAt}>
          <ScrollToTop />
          <Outlet />
          <ThemedToaster />
          <HydratedMarker />
        </RenderedAt>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return <AppSkeleton />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Oops! Page not found' : 'Something went wrong';
  const detail = notFound
    ? 'The page you are looking for does not exist.'
    : 'The page could not be shown. Please try again; if it keeps happening, contact our support team.';
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{pageTitle(title)}</title>
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6">
          <SiteLogo />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{detail}</p>
        {import.meta.env.DEV && error instanceof Error ? (
          <pre className="max-h-64 w-full overflow-auto rounded-md bg-muted p-4 text-left text-xs">{error.stack}</pre>
        ) : null}
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          {notFound ? null : (
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RotateCw aria-hidden />
              Try Again
            </Button>
          )}
          <Button asChild>
            {/* A full page load leaves the broken state behind. */}
            <Link to="/" reloadDocument>
              <Home aria-hidden />
              Return to Home
            </Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
