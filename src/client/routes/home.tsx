import { memo, useDeferredValue } from 'react';
import { CLAIMS, STORE, organizationStructuredData, pageTitle, SUPPORT_ANSWER_HOURS } from '../../domain/store-config';
import type { Route } from './+types/home';
import { UnlockPanel, type UnlockPanelProps } from '~/features/unlock/components/unlock-panel';
import { meQueryOptions, useMe } from '~/features/auth/api/get-me';
import { queryClient } from '~/lib/query-client';
import { ClosingCta } from '~/features/home/components/closing-cta';
import { CustomerReviews } from '~/features/home/components/customer-reviews';
import { HomeHero } from '~/features/home/components/home-hero';
import { HowItWorks } from '~/features/home/components/how-it-works';
import { TopBrands } from '~/features/home/components/top-brands';
import { UnlockPanelColumn } from '~/features/home/components/unlock-panel-column';
import { preloadUnlockCatalog } from '~/features/unlock/hooks/use-unlock-catalog';
import { useCatalogSyncFromUrl } from '~/features/home/hooks/use-catalog-sync-from-url';

// The pickers' lists are asked for as this page's code starts, in a task of their own: sent from the
// panel's first effects, they lengthened the task that commits the page's hydration (ADR 064).
if (typeof window !== 'undefined') setTimeout(preloadUnlockCatalog);

const description = `Official factory carrier unlocks by IMEI for ${CLAIMS.networks} networks and ${CLAIMS.models} phone models. Rated ${CLAIMS.reviewRating}/5 from ${CLAIMS.reviewCountText} reviews, a person's answer within ${SUPPORT_ANSWER_HOURS} hours and ${CLAIMS.moneyBack} money back if your phone cannot be unlocked.`;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle() },
  { name: 'description', content: description },
  { property: 'og:type', content: 'website' },
  { property: 'og:site_name', content: STORE.name },
  { property: 'og:title', content: pageTitle() },
  { property: 'og:description', content: description },
  { property: 'og:url', content: `${STORE.url}/` },
  { tagName: 'link', rel: 'canonical', href: `${STORE.url}/` },
  { 'script:ld+json': organizationStructuredData() },
];

// The panel is part of the page's own code, so it hydrates in the page's one interruptible pass: as a
// lazily loaded part it hydrated some 300 ms later in one uninterrupted 60 ms task (ADR 063), and in a
// pass of its own it took over its fields later (ADR 064). Memoised so the session's arrival re-renders
// it only when the email or the admin flag changes.
const UnlockColumn = memo(function UnlockColumn({ userEmail, isAdmin }: UnlockPanelProps) {
  return <UnlockPanel userEmail={userEmail} isAdmin={isAdmin} />;
});

/** The panel with the signed-in email prefilled and admin extras, once the session is known. */
function SessionUnlockColumn() {
  const me = useMe();
  // Deferred: the session's arrival is a transition, which waits for the panel to hydrate.
  const session = useDeferredValue(me.data);
  return <UnlockColumn userEmail={session?.user?.email ?? null} isAdmin={session?.isAdmin ?? false} />;
}

/** Whether the signed-in account is an admin, read once without subscribing the page to the session. */
const signedInAsAdmin = async () => (await queryClient.fetchQuery(meQueryOptions())).isAdmin;

export default function HomePage() {
  useCatalogSyncFromUrl(signedInAsAdmin);

  return (
    <div className="relative isolate">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[42rem] bg-gradient-to-b from-hero-from via-hero-to/50 to-transparent"
      />
      <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-x-10 gap-y-12 px-4 pt-10 pb-16 sm:px-6 sm:pt-14 lg:grid-cols-[minmax(0,1fr)_26rem] lg:pt-16 lg:pb-20">
        <div className="lg:col-start-1 lg:row-start-1">
          <HomeHero />
        </div>
        <UnlockPanelColumn className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <SessionUnlockColumn />
        </UnlockPanelColumn>
        <div className="flex flex-col gap-16 lg:col-start-1 lg:row-start-2 lg:gap-20">
          <HowItWorks />
          <CustomerReviews />
          <TopBrands />
        </div>
      </div>
      <ClosingCta />
    </div>
  );
}
