import { KeyRound, Monitor } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatPrice } from '../../../../domain/display';
import {
  LICENSE_CATEGORIES,
  LICENSE_CATEGORY_IDS,
  LICENSE_PLATFORMS,
  LICENSE_PLATFORM_IDS,
  LICENSE_REFUND_RULE,
  type LicenseCategory,
  type LicensePlatform,
  licenseDevices,
  licenseHref,
  licenseTerm,
  type PublicLicense,
} from '../../../../domain/licenses';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { SelectField } from '~/components/ui/select-field';
import { Skeleton } from '~/components/ui/skeleton';
import { TextField } from '~/components/ui/text-field';
import { useLicenses } from '../api/licenses';
import { StockBadge } from './stock-badge';

const isCategory = (value: string | null): value is LicenseCategory => value !== null && value in LICENSE_CATEGORIES;
const isPlatform = (value: string | null): value is LicensePlatform => value !== null && value in LICENSE_PLATFORMS;

function LicenseCard({ product }: { readonly product: PublicLicense }) {
  const titleId = `license-${product.slug}`;
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{product.vendor}</p>
          <h3 id={titleId} className="leading-snug font-semibold">
            <Link
              to={licenseHref(product.slug)}
              className="outline-none after:absolute after:inset-0 hover:underline focus-visible:underline"
            >
              {product.name}
            </Link>
          </h3>
        </div>
        <p className="text-xl font-bold tracking-tight">{formatPrice(product.price_cents)}</p>
      </div>
      <p className="text-sm text-muted-foreground">{product.summary}</p>
      <dl className="mt-auto grid grid-cols-2 gap-2 text-sm">
        <div className="flex items-center gap-2 rounded-md bg-muted/60 px-3 py-2">
          <KeyRound aria-hidden className="size-4 text-primary" />
          <dt className="sr-only">Term</dt>
          <dd>{licenseTerm(product.term_months)}</dd>
        </div>
        <div className="flex items-center gap-2 rounded-md bg-muted/60 px-3 py-2">
          <Monitor aria-hidden className="size-4 text-primary" />
          <dt className="sr-only">Devices</dt>
          <dd>{licenseDevices(product.devices)}</dd>
        </div>
        <div className="col-span-2 flex flex-wrap items-center justify-between gap-2">
          <dt className="sr-only">Platforms</dt>
          <dd className="text-muted-foreground">
            {product.platforms.map((platform) => LICENSE_PLATFORMS[platform]).join(' · ')}
          </dd>
          <dt className="sr-only">Stock</dt>
          <dd>
            <StockBadge available={product.available} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** /digital-licenses: the catalogue by category, searched and filtered by category and platform. */
export function LicenseShop() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDeferredValue(search.trim()).slice(0, 80);
  const category = isCategory(params.get('category')) ? (params.get('category') as LicenseCategory) : undefined;
  const platform = isPlatform(params.get('platform')) ? (params.get('platform') as LicensePlatform) : undefined;
  const licenses = useLicenses({ q: q || undefined, category, platform });
  const cancelled = params.get('checkout') === 'cancelled';

  const setFilter = (name: 'category' | 'platform', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('checkout');
    setParams(next, { replace: true });
  };

  const products = licenses.data ?? [];
  const categories = LICENSE_CATEGORY_IDS.filter((id) => products.some((product) => product.category === id));

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 sm:px-6 sm:py-12">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Digital licenses</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Genuine keys for operating systems, office suites, security and VPNs, delivered the moment your payment
          clears. {LICENSE_REFUND_RULE}
        </p>
      </header>

      {cancelled ? (
        <Alert role="status">
          <AlertTitle>Payment cancelled</AlertTitle>
          <AlertDescription>
            <p>Nothing was charged.</p>
          </AlertDescription>
        </Alert>
      ) : null}

      <div role="search" className="grid gap-4 sm:grid-cols-[1fr_14rem_14rem] sm:items-end" aria-label="Find a license">
        <TextField
          label="Search licenses"
          type="search"
          value={search}
          maxLength={80}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Windows, Office, VPN…"
        />
        <SelectField
          label="Category"
          placeholder="All categories"
          value={category ?? ''}
          onChange={(event) => setFilter('category', event.target.value)}
          choices={LICENSE_CATEGORY_IDS.map((id) => ({ value: id, label: LICENSE_CATEGORIES[id] }))}
        />
        <SelectField
          label="Platform"
          placeholder="All platforms"
          value={platform ?? ''}
          onChange={(event) => setFilter('platform', event.target.value)}
          choices={LICENSE_PLATFORM_IDS.map((id) => ({ value: id, label: LICENSE_PLATFORMS[id] }))}
        />
      </div>

      {licenses.isError ? (
        <Alert variant="destructive">
          <AlertTitle>We could not load the licenses</AlertTitle>
          <AlertDescription>
            <p>{licenses.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void licenses.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : licenses.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading licenses">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      ) : products.length === 0 ? (
        <p
          role="status"
          className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground"
        >
          No license matches. Try another word, or all categories and platforms.
        </p>
      ) : (
        <>
          <p role="status" className="sr-only">
            {products.length === 1 ? '1 license' : `${products.length} licenses`} shown
          </p>
          {categories.map((id) => (
            <section key={id} aria-labelledby={`category-${id}`} className="grid gap-4">
              <h2 id={`category-${id}`} className="text-xl font-semibold">
                {LICENSE_CATEGORIES[id]}
              </h2>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {products
                  .filter((product) => product.category === id)
                  .map((product) => (
                    <div key={product.slug} className="relative">
                      <LicenseCard product={product} />
                    </div>
                  ))}
              </div>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
