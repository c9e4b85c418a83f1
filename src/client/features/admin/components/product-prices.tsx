import { Pencil } from 'lucide-react';
import { useState } from 'react';
import type { AdminProductPrice } from '../../../../domain/admin-pricing';
import { formatPrice } from '../../../../domain/display';
import { Button } from '~/components/ui/button';
import { AdminTable } from './admin-table';
import { MarginCell } from './margin-cell';
import { PriceForm } from './price-form';

const KIND_NAMES = { check: 'Device check', device_service: 'Device service' } as const;

/** Device checks and services: the price they sell at, their list price, what each costs and the margin. */
export function ProductPrices({ products }: { readonly products: readonly AdminProductPrice[] }) {
  const [editing, setEditing] = useState<AdminProductPrice | null>(null);
  const below = products.filter((product) => product.below_cost).length;

  return (
    <section aria-labelledby="product-prices-title" className="grid gap-3">
      <h2 id="product-prices-title" className="text-lg font-semibold">
        Device checks and services ({products.length}
        {below > 0 ? `, ${below} below cost` : ''})
      </h2>
      <p className="text-sm text-muted-foreground">
        A check costs what the check provider’s service list says; a device service what its first supplier service
        costs. A new price shows on the product’s page and is charged at once.
      </p>
      {editing ? (
        <PriceForm
          key={`${editing.kind}/${editing.product_id}`}
          name={editing.name}
          priceCents={editing.price_cents}
          description={`${editing.cost_cents === null ? 'Cost not known yet' : `Cost ${formatPrice(editing.cost_cents)}`}; list price ${formatPrice(editing.list_price_cents)}.`}
          change={(priceCents) => ({
            kind: 'product',
            productKind: editing.kind,
            productId: editing.product_id,
            priceCents,
          })}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <AdminTable
        caption="Device checks and services and their prices"
        headings={['Product', 'Price', 'List price', 'Cost', 'Margin']}
        actions
        minWidth="min-w-[720px]"
      >
        {products.map((product) => (
          <tr key={`${product.kind}/${product.product_id}`}>
            <td className="px-3 py-2">
              <span className="block">{product.name}</span>
              <span className="text-xs text-muted-foreground">{KIND_NAMES[product.kind]}</span>
            </td>
            <td className="px-3 py-2 font-medium">{formatPrice(product.price_cents)}</td>
            <td className="px-3 py-2">{formatPrice(product.list_price_cents)}</td>
            <td className="px-3 py-2">
              {product.cost_cents === null ? 'Not known yet' : formatPrice(product.cost_cents)}
            </td>
            <td className="px-3 py-2">
              <MarginCell margin={product.margin} belowCost={product.below_cost} />
            </td>
            <td className="px-3 py-2">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Change the price of ${product.name}`}
                onClick={() => setEditing(product)}
              >
                <Pencil aria-hidden />
              </Button>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
