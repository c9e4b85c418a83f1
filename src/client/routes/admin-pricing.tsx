import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_PAGES } from '../../domain/admin';
import { type AdminSku, SKU_WARNINGS } from '../../domain/admin-pricing';
import { formatPrice } from '../../domain/display';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-pricing';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { pricingQuery, usePricing } from '~/features/admin/api/admin-api';
import { apiPageData } from '~/lib/page-data';
import { AdminTable } from '~/features/admin/components/admin-table';
import { EsimPrices } from '~/features/admin/components/esim-prices';
import { ProductPrices } from '~/features/admin/components/product-prices';
import { MarginCell } from '~/features/admin/components/margin-cell';
import { ListState } from '~/features/admin/components/list-state';
import { RuleForm } from '~/features/admin/components/rule-form';
import { SkuForm } from '~/features/admin/components/sku-form';
import { SkuRoutes } from '~/features/admin/components/sku-routes';

/** The first answer holds the prices (ADR 102); moved to within the app, the page asks for them. */
export const loader = ({ context }: Route.LoaderArgs) => apiPageData(context.api, [pricingQuery]);

export const clientLoader = () => null;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Pricing · Admin') },
  { name: 'robots', content: 'noindex' },
];

/**
 * /admin/pricing: the pricing rule (tried on recent quotes before saving), every unlock SKU with its
 * tool's cost, margin and warnings, and the supplier's linked services priced by the rule.
 */
export default function AdminPricingPage() {
  const pricing = usePricing();
  const [editing, setEditing] = useState<AdminSku | null>(null);
  const data = pricing.data;
  const warned = data?.skus.filter((sku) => sku.warnings.length > 0).length ?? 0;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Pricing</h1>
        <p className="text-muted-foreground">
          Unlock prices: our fixed-price SKUs first, the rule for everything else. Each SKU shows the tools its devices’
          quotes are routed to today and the margin each leaves. A change reaches every quote at once, the Admin Debug
          Panel’s figures included.
        </p>
      </div>
      <ListState query={pricing} what="prices" empty={null}>
        {data ? <RuleForm key={JSON.stringify(data.rule)} rule={data.rule} /> : null}
        {editing && data ? (
          <SkuForm key={editing.sku_id} sku={editing} tools={data.tools} onDone={() => setEditing(null)} />
        ) : null}
        <section aria-labelledby="skus-title" className="grid gap-3">
          <h2 id="skus-title" className="text-lg font-semibold">
            Unlock SKUs ({data?.skus.length ?? 0}
            {warned > 0 ? `, ${warned} to look at` : ''})
          </h2>
          <AdminTable
            caption="Unlock SKUs"
            headings={['SKU', 'Price', 'Routed to today', 'Lowest margin', 'Delivery', 'Look at']}
            actions
            minWidth="min-w-[1000px]"
          >
            {(data?.skus ?? []).map((sku) => (
              <tr key={sku.sku_id} className="align-top">
                <td className="px-3 py-2">
                  <div className="grid gap-1">
                    <span className="font-mono text-xs">{sku.sku_code}</span>
                    <span>{sku.label}</span>
                    <span className="text-xs text-muted-foreground">
                      {sku.active ? 'On sale' : 'Off sale'}
                      {sku.requires_clean_check ? ' · clean devices only' : ''}
                      {sku.allow_below_margin ? ' · may sell below the minimum margin' : ''}
                    </span>
                  </div>
                </td>
                <td className="px-3 py-2 font-medium">{formatPrice(sku.price_cents)}</td>
                <td className="px-3 py-2">
                  <div className="grid gap-2">
                    <span className="text-xs text-muted-foreground">
                      Default tool:{' '}
                      {sku.default_tool
                        ? `${sku.default_tool.name} (${sku.default_tool.tool_id}), cost ${formatPrice(sku.default_tool.cost_cents)}`
                        : (sku.default_tool_id ?? 'none')}
                    </span>
                    <SkuRoutes routes={sku.routes} />
                  </div>
                </td>
                <td className="px-3 py-2">
                  <MarginCell margin={sku.margin} belowCost={false} />
                </td>
                <td className="px-3 py-2">
                  {sku.estimated_hours_min}-{sku.estimated_hours_max} h
                </td>
                <td className="px-3 py-2">
                  <ul className="flex flex-wrap gap-1" aria-label={`Warnings of ${sku.sku_code}`}>
                    {sku.warnings.length === 0 ? <li className="text-muted-foreground">Nothing</li> : null}
                    {sku.warnings.map((warning) => (
                      <li key={warning}>
                        <Badge
                          variant={warning === 'no_tool' || warning === 'rule_priced' ? 'outline' : 'destructive'}
                          className="whitespace-normal"
                        >
                          {SKU_WARNINGS[warning]}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="px-3 py-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Change ${sku.sku_code}`}
                    onClick={() => setEditing(sku)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
        </section>
        <section aria-labelledby="tools-title" className="grid gap-3">
          <h2 id="tools-title" className="text-lg font-semibold">
            Supplier services ({data?.tools.length ?? 0})
          </h2>
          <p className="text-sm text-muted-foreground">
            Cost and delivery as the supplier’s service list states them; what a quote without a SKU charges under the
            rule. Links are changed in the <Link to={ADMIN_PAGES.autoLinker}>auto-linker</Link>.
          </p>
          <AdminTable
            caption="Supplier services priced by the rule"
            headings={['Service', 'Linked to', 'Cost', 'Delivery', 'Price by the rule', 'Margin', 'SKUs']}
            minWidth="min-w-[1000px]"
          >
            {(data?.tools ?? []).map((tool) => (
              <tr key={tool.tool_id} className="align-top">
                <td className="px-3 py-2">
                  <div className="grid gap-1">
                    <span>{tool.name}</span>
                    <span className="font-mono text-xs text-muted-foreground">
                      {tool.tool_id}
                      {tool.active ? '' : ' · not offered now'}
                    </span>
                  </div>
                </td>
                <td className="px-3 py-2">{tool.label}</td>
                <td className="px-3 py-2">{formatPrice(tool.cost_cents)}</td>
                <td className="px-3 py-2">
                  {tool.delivery_hours_min}-{tool.delivery_hours_max} h
                </td>
                <td className="px-3 py-2 font-medium">{formatPrice(tool.rule_price_cents)}</td>
                <td className="px-3 py-2">
                  <MarginCell margin={tool.margin} belowCost={false} />
                </td>
                <td className="px-3 py-2 font-mono text-xs">{tool.sku_codes.join(', ') || '—'}</td>
              </tr>
            ))}
          </AdminTable>
        </section>
        {data ? <ProductPrices products={data.products} /> : null}
        {data ? <EsimPrices packages={data.esim} /> : null}
      </ListState>
    </div>
  );
}
