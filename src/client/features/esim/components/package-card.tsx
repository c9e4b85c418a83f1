import { CalendarDays, Check, Globe2, ShoppingCart, Wifi } from 'lucide-react';
import { formatPrice } from '../../../../domain/display';
import {
  cartPackageFromRow,
  formatDataAmount,
  pricePerGbCents,
  type PublicEsimPackage,
} from '../../../../domain/esim-catalog';
import { coverageNames, coverageText, pricePerGbText, type ShopCountry } from '../../../../domain/esim-shop';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { notify } from '~/lib/notify';
import { useCart } from '../cart/cart-context';

interface PackageCardProps {
  readonly pkg: PublicEsimPackage;
  readonly countries: readonly ShopCountry[];
}

/** One package: data, validity, price, price per GB, coverage, and the two ways to buy it. */
export function PackageCard({ pkg, countries }: PackageCardProps) {
  const { items, addItem, openCheckout } = useCart();
  const inCart = items.find((item) => item.package_id === pkg.package_id)?.quantity ?? 0;
  const perGb = pricePerGbText(pricePerGbCents(pkg.price_cents, pkg.data_gb));
  const titleId = `package-${pkg.package_id}`;
  const covers = pkg.kind !== 'local';

  const addToCart = () => {
    addItem(cartPackageFromRow(pkg));
    void notify((toast) => toast.success('Added to cart', { description: pkg.package_name }));
  };

  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4 p-5" role="article">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={titleId} className="leading-snug font-semibold">
            {pkg.package_name}
          </h4>
          {covers ? (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
              <Globe2 aria-hidden className="size-4" />
              {coverageText(pkg.countries_iso3.length)}
            </p>
          ) : null}
        </div>
        <div className="text-right">
          <p className="text-2xl font-bold tracking-tight">{formatPrice(pkg.price_cents)}</p>
          {perGb ? <p className="text-xs text-muted-foreground">{perGb}</p> : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="flex items-center gap-2 rounded-md bg-muted/60 px-3 py-2">
          <Wifi aria-hidden className="size-4 text-primary" />
          <dt className="sr-only">Data</dt>
          <dd className="font-medium">{formatDataAmount(pkg.data_gb)}</dd>
        </div>
        <div className="flex items-center gap-2 rounded-md bg-muted/60 px-3 py-2">
          <CalendarDays aria-hidden className="size-4 text-primary" />
          <dt className="sr-only">Validity</dt>
          <dd className="font-medium">
            {pkg.validity_days} {pkg.validity_days === 1 ? 'day' : 'days'}
          </dd>
        </div>
      </dl>
      {covers ? (
        <details className="group text-sm">
          <summary className="cursor-pointer rounded-sm font-medium text-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
            See the {pkg.countries_iso3.length} countries
          </summary>
          <p className="mt-2 max-h-40 overflow-y-auto leading-relaxed text-muted-foreground">
            {coverageNames(pkg.countries_iso3, countries).join(', ')}
          </p>
        </details>
      ) : null}
      <div className="mt-auto grid gap-2">
        {inCart > 0 ? (
          <p className="flex items-center gap-1.5 text-xs font-medium text-success-foreground">
            <Check aria-hidden className="size-3.5" />
            {inCart} in your cart
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="outline" onClick={addToCart} aria-describedby={titleId}>
            <ShoppingCart aria-hidden />
            Add to cart
          </Button>
          <Button
            onClick={() => openCheckout({ kind: 'single', item: { ...cartPackageFromRow(pkg), quantity: 1 } })}
            aria-describedby={titleId}
          >
            Buy now
          </Button>
        </div>
      </div>
    </Card>
  );
}
