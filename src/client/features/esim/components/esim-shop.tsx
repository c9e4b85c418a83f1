import { ArrowLeft, CircleCheck, Smartphone, Wifi, Zap } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatPrice } from '../../../../domain/display';
import { ESIM_TRAVEL_SUPPORT_HREF } from '../../../../domain/site-map';
import {
  POPULAR_DESTINATIONS,
  destinationKey,
  findDestination,
  shopDestinations,
  type Destination,
} from '../../../../domain/esim-shop';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { useCountries } from '~/lib/catalog-countries';
import { useHydrated } from '~/lib/use-hydrated';
import { usePackages } from '../api/get-packages';
import { DestinationSearch } from './destination-search';
import { DestinationView } from './destination-view';
import { Flag } from './flag';

/** The travel eSIM shop: find a destination, compare its packages, add to cart or buy now. */
export function EsimShop() {
  const [params, setParams] = useSearchParams();
  const cheapest = usePackages(null);
  const countries = useCountries();
  const countryRows = useMemo(() => countries.data ?? [], [countries.data]);
  const destinations = useMemo(() => shopDestinations(cheapest.data ?? [], countryRows), [cheapest.data, countryRows]);
  const knownKeys = useMemo(() => new Set(destinations.map(destinationKey)), [destinations]);
  const selected = findDestination(destinations, params.get('destination'));
  // The page is prerendered without a query string: notes that depend on it wait for hydration.
  const hydrated = useHydrated();
  const cancelled = hydrated && params.get('checkout') === 'cancelled';
  const loading = cheapest.isPending || countries.isPending;

  const choose = (key: string) => {
    setParams({ destination: key });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-12">
      <header className="grid gap-6 lg:grid-cols-[1fr_minmax(0,28rem)] lg:items-end">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Travel eSIM data</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
            Mobile data in {loading ? 'many' : destinations.length} destinations. Install before you fly, land
            connected, and skip roaming charges.
          </p>
        </div>
        <DestinationSearch destinations={destinations} selected={selected} onSelect={choose} loading={loading} />
      </header>

      {cancelled ? (
        <Alert role="status">
          <ArrowLeft aria-hidden />
          <AlertTitle>Payment cancelled</AlertTitle>
          <AlertDescription>
            <p>Nothing was charged. Your cart is just as you left it.</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {cheapest.isError || countries.isError ? (
        <Alert variant="destructive">
          <AlertTitle>We could not load the destinations</AlertTitle>
          <AlertDescription>
            <p>{(cheapest.error ?? countries.error)?.message}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void Promise.all([cheapest.refetch(), countries.refetch()])}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}

      {selected ? (
        <div className="grid gap-4">
          <div>
            <Button variant="ghost" size="sm" onClick={() => setParams({})}>
              <ArrowLeft aria-hidden />
              All destinations
            </Button>
          </div>
          <DestinationView destination={selected} countries={countryRows} onChoose={choose} knownKeys={knownKeys} />
        </div>
      ) : (
        <DestinationIndex destinations={destinations} loading={loading} onChoose={choose} />
      )}

      <section
        aria-labelledby="compatibility-heading"
        className="grid gap-4 rounded-xl border border-border bg-card p-6 md:grid-cols-3"
      >
        <div className="md:col-span-3">
          <h2 id="compatibility-heading" className="text-lg font-semibold">
            Before you buy
          </h2>
        </div>
        <Note
          icon={<Smartphone aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />}
          title="Your phone must support eSIM"
        >
          iPhone XR, XS and later, Google Pixel 3 and later, Samsung Galaxy S20 and later, and most recent flagships.
          The phone must also be carrier-unlocked.
        </Note>
        <Note
          icon={<Wifi aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />}
          title="Install on Wi-Fi, before you go"
        >
          Your eSIM arrives by email and on the receipt page. Install it at home, then switch it on when you land.
        </Note>
        <Note icon={<Zap aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />} title="Data only">
          Packages include mobile data, not a phone number. Keep your usual SIM for calls and texts.
        </Note>
        <p className="text-sm text-muted-foreground md:col-span-3">
          Not sure?{' '}
          <Link to={ESIM_TRAVEL_SUPPORT_HREF} className="font-medium text-primary underline-offset-4 hover:underline">
            Read the travel eSIM help
          </Link>
          .
        </p>
      </section>
    </div>
  );
}

function Note({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3">
      {icon}
      <div>
        <h3 className="font-medium">{title}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

function DestinationIndex({
  destinations,
  loading,
  onChoose,
}: {
  readonly destinations: readonly Destination[];
  readonly loading: boolean;
  readonly onChoose: (key: string) => void;
}) {
  const popular = POPULAR_DESTINATIONS.map((code) => findDestination(destinations, `country:${code}`)).filter(
    (destination): destination is Destination => destination !== null,
  );
  const regions = destinations.filter((destination) => destination.kind === 'region');

  if (loading) {
    // Laid out as the loaded lists are, so nothing below them moves when they arrive.
    return (
      <div className="grid gap-10" role="status" aria-label="Loading destinations">
        <DestinationGridSkeleton title="Popular destinations" count={POPULAR_DESTINATIONS.length} />
        <DestinationGridSkeleton title="Regional and global plans" count={REGION_PLACES} />
        <Skeleton className="h-5 w-full max-w-md" />
      </div>
    );
  }

  return (
    <>
      <DestinationGrid title="Popular destinations" destinations={popular} onChoose={onChoose} />
      <DestinationGrid title="Regional and global plans" destinations={regions} onChoose={onChoose} />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CircleCheck aria-hidden className="size-4 text-success-foreground" />
        Not listed above? Search any of the {destinations.length} destinations at the top of the page.
      </p>
    </>
  );
}

/** Places kept for the regional plans while they load: the sandbox catalogue's nine regions. */
const REGION_PLACES = 9;

function DestinationGridSkeleton({ title, count }: { readonly title: string; readonly count: number }) {
  return (
    <div className="grid gap-4">
      <p className="text-xl font-semibold">{title}</p>
      <div className={DESTINATION_GRID}>
        {Array.from({ length: count }, (_, key) => (
          <Skeleton key={key} className="h-16 rounded-lg" />
        ))}
      </div>
    </div>
  );
}

const DESTINATION_GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4';

function DestinationGrid({
  title,
  destinations,
  onChoose,
}: {
  readonly title: string;
  readonly destinations: readonly Destination[];
  readonly onChoose: (key: string) => void;
}) {
  if (destinations.length === 0) return null;
  return (
    <section className="grid gap-4" aria-label={title}>
      <h2 className="text-xl font-semibold">{title}</h2>
      <ul className={DESTINATION_GRID}>
        {destinations.map((destination) => (
          <li key={destinationKey(destination)}>
            <button
              type="button"
              onClick={() => onChoose(destinationKey(destination))}
              className="flex w-full cursor-pointer items-center gap-3 rounded-lg border border-border bg-card px-4 py-3 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <Flag iso2={destination.kind === 'country' ? destination.code : null} className="h-6" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{destination.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {destination.kind === 'country' ? destination.region : `${destination.countryCount} countries`}
                </span>
              </span>
              <span className="shrink-0 text-sm text-muted-foreground">from {formatPrice(destination.fromCents)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
