import { Info, TriangleAlert } from 'lucide-react';
import type { PublicEsimPackage } from '../../../../domain/esim-catalog';
import { lookalikeDestinations } from '../../../../domain/esim-catalog';
import type { Destination, ShopCountry } from '../../../../domain/esim-shop';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { usePackages } from '../api/get-packages';
import { Flag } from './flag';
import { PackageCard } from './package-card';

interface DestinationViewProps {
  readonly destination: Destination;
  readonly countries: readonly ShopCountry[];
  /** Switch to another destination by its key, e.g. from the lookalike hint. */
  readonly onChoose: (key: string) => void;
  readonly knownKeys: ReadonlySet<string>;
}

/** The packages for one destination, under a heading that makes the destination unmistakable. */
export function DestinationView({ destination, countries, onChoose, knownKeys }: DestinationViewProps) {
  const filter = destination.kind === 'country' ? { country: destination.code } : { region: destination.code };
  const packages = usePackages(filter);
  const lookalikes =
    destination.kind === 'country'
      ? lookalikeDestinations(destination.name).filter(
          (entry) => knownKeys.has(`country:${entry.iso2}`) && entry.iso2 !== destination.code,
        )
      : [];
  const local = packages.data?.filter((pkg) => pkg.kind === 'local') ?? [];
  const wider = packages.data?.filter((pkg) => pkg.kind !== 'local') ?? [];

  return (
    <section aria-labelledby="destination-heading" className="grid gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <Flag iso2={destination.kind === 'country' ? destination.code : null} className="h-10 rounded-md" />
        <div>
          <h2 id="destination-heading" className="text-2xl font-bold tracking-tight">
            {destination.kind === 'country' ? `eSIM for ${destination.name}` : `${destination.name} eSIM`}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {destination.kind === 'country' ? (
              <Badge variant="secondary">{destination.region}</Badge>
            ) : (
              <Badge variant="secondary">{destination.countryCount} countries</Badge>
            )}
          </div>
        </div>
      </div>

      {lookalikes.length > 0 ? (
        <Alert>
          <TriangleAlert aria-hidden />
          <AlertDescription className="text-foreground">
            <p>
              Check the flag: this is <strong>{destination.name}</strong>
              {destination.kind === 'country' ? ` in ${destination.region}` : ''}.
            </p>
            <div className="flex flex-wrap gap-2">
              {lookalikes.map((entry) => (
                <Button key={entry.iso2} variant="outline" size="sm" onClick={() => onChoose(`country:${entry.iso2}`)}>
                  <Flag iso2={entry.iso2} />I meant {entry.name}
                </Button>
              ))}
            </div>
          </AlertDescription>
        </Alert>
      ) : null}

      {packages.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading packages">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : packages.isError ? (
        <Alert variant="destructive">
          <Info aria-hidden />
          <AlertDescription className="text-foreground">
            <p>We could not load the packages. {packages.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void packages.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <PackageGrid
            title={destination.kind === 'country' ? `${destination.name} plans` : 'Plans'}
            packages={destination.kind === 'country' ? local : packages.data}
            countries={countries}
          />
          {destination.kind === 'country' && wider.length > 0 ? (
            <PackageGrid
              title={`Regional and global plans that include ${destination.name}`}
              packages={wider}
              countries={countries}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

function PackageGrid({
  title,
  packages,
  countries,
}: {
  readonly title: string;
  readonly packages: readonly PublicEsimPackage[];
  readonly countries: readonly ShopCountry[];
}) {
  if (packages.length === 0) return null;
  return (
    <div className="grid gap-3">
      <h3 className="text-lg font-semibold">{title}</h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {packages.map((pkg) => (
          <PackageCard key={pkg.package_id} pkg={pkg} countries={countries} />
        ))}
      </div>
    </div>
  );
}
