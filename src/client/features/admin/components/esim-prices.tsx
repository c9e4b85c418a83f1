import { Pencil } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import type { AdminEsimPrice } from '../../../../domain/admin-pricing';
import { formatPrice } from '../../../../domain/display';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { AdminTable } from './admin-table';
import { MarginCell } from './margin-cell';
import { PriceForm } from './price-form';

const PER_PAGE = 50;

/** The eSIM packages on sale with their net cost and margin; a price set here survives the provider's syncs. */
export function EsimPrices({ packages }: { readonly packages: readonly AdminEsimPrice[] }) {
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(PER_PAGE);
  const [editing, setEditing] = useState<AdminEsimPrice | null>(null);
  const query = useDeferredValue(search).trim().toLowerCase();
  const matching = query
    ? packages.filter((pkg) => pkg.name.toLowerCase().includes(query) || pkg.package_id.includes(query))
    : packages;
  const below = packages.filter((pkg) => pkg.below_cost).length;

  return (
    <section aria-labelledby="esim-prices-title" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="esim-prices-title" className="text-lg font-semibold">
          eSIM packages ({packages.length}
          {below > 0 ? `, ${below} below cost` : ''})
        </h2>
        <TextField
          label="Search packages"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setShown(PER_PAGE);
          }}
          className="w-full sm:w-72"
        />
      </div>
      {editing ? (
        <PriceForm
          key={editing.package_id}
          name={editing.name}
          priceCents={editing.price_cents}
          description={`Net cost ${formatPrice(editing.net_cost_cents)}. The provider’s catalogue sync keeps a price set here.`}
          change={(priceCents) => ({ kind: 'esim', packageId: editing.package_id, priceCents })}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {matching.length === 0 ? (
        <p
          role="status"
          className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground"
        >
          No package matches.
        </p>
      ) : (
        <AdminTable
          caption="eSIM packages and their prices"
          headings={['Package', 'Price', 'Net cost', 'Margin', 'Price set by']}
          actions
          minWidth="min-w-[720px]"
        >
          {matching.slice(0, shown).map((pkg) => (
            <tr key={pkg.package_id}>
              <td className="px-3 py-2">
                <span className="block">{pkg.name}</span>
                <span className="font-mono text-xs text-muted-foreground">{pkg.package_id}</span>
              </td>
              <td className="px-3 py-2 font-medium">{formatPrice(pkg.price_cents)}</td>
              <td className="px-3 py-2">{formatPrice(pkg.net_cost_cents)}</td>
              <td className="px-3 py-2">
                <MarginCell margin={pkg.margin} belowCost={pkg.below_cost} />
              </td>
              <td className="px-3 py-2">{pkg.set_by_admin ? 'An admin' : 'The provider'}</td>
              <td className="px-3 py-2">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Change the price of ${pkg.name}`}
                  onClick={() => setEditing(pkg)}
                >
                  <Pencil aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {matching.length > shown ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setShown((count) => count + PER_PAGE)}>
          Show more ({matching.length - shown} not shown)
        </Button>
      ) : null}
    </section>
  );
}
