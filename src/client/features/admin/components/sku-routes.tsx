import type { SkuRoute } from '../../../../domain/admin-pricing';
import { formatPrice } from '../../../../domain/display';
import { MarginCell } from './margin-cell';

const PRICED_BY: Record<SkuRoute['priced_by'], string> = {
  sku: 'at this price',
  rule: 'priced by the rule',
  none: 'no tool can unlock these',
};

/** Where a SKU's quotes go today: each group of its devices, the tool it is routed to, its margin and fallbacks. */
export function SkuRoutes({ routes }: { readonly routes: readonly SkuRoute[] }) {
  if (routes.length === 0) return <span className="text-muted-foreground">No device is routed to it</span>;
  return (
    <ul className="grid gap-2">
      {routes.map((route) => (
        <li key={route.devices} className="grid gap-0.5">
          <span className="font-medium">
            {route.devices}: {PRICED_BY[route.priced_by]}
            {route.priced_by === 'rule' && route.price_cents !== null ? ` (${formatPrice(route.price_cents)})` : ''}
          </span>
          {route.tool ? (
            <span className="text-xs">
              {route.tool.name} · <span className="font-mono">{route.tool.tool_id}</span> · cost{' '}
              {formatPrice(route.tool.cost_cents)} · margin <MarginCell margin={route.margin} belowCost={false} />
            </span>
          ) : null}
          {route.fallbacks.length > 0 ? (
            <span className="text-xs text-muted-foreground">
              Then {route.fallbacks.map((tool) => `${tool.name} (${formatPrice(tool.cost_cents)})`).join(', ')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
