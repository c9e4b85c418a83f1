import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { ORDER_KIND_NAMES } from '../../domain/admin';
import type { AdminCoupon } from '../../domain/coupon';
import { formatPrice } from '../../domain/display';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-coupons';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { couponsQuery, useCoupons } from '~/features/admin/api/admin-api';
import { apiPageData } from '~/lib/page-data';
import { CouponForm } from '~/features/admin/components/coupon-form';
import { ListState } from '~/features/admin/components/list-state';
import { AdminTable } from '~/features/admin/components/admin-table';

/** The first answer holds the coupons (ADR 102); moved to within the app, the page asks for them. */
export const loader = ({ context }: Route.LoaderArgs) => apiPageData(context.api, [couponsQuery]);

export const clientLoader = () => null;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Coupons · Admin') },
  { name: 'robots', content: 'noindex' },
];

// The same text on the server that renders the page and in the browser that hydrates it (ADR 102).
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function discountOf(coupon: AdminCoupon): string {
  return coupon.percent_off !== null
    ? `${coupon.percent_off}% off`
    : `${formatPrice(coupon.amount_off_cents ?? 0)} off`;
}

function stateOf(coupon: AdminCoupon): { label: string; live: boolean } {
  if (!coupon.active) return { label: 'Off', live: false };
  if (coupon.expires_at && Date.parse(coupon.expires_at) < Date.now()) return { label: 'Expired', live: false };
  if (coupon.max_usage !== null && coupon.usage_count >= coupon.max_usage) return { label: 'Used up', live: false };
  return { label: 'Active', live: true };
}

/** /admin/coupons: create, change, turn off, and see each coupon's use. */
export default function AdminCouponsPage() {
  const coupons = useCoupons();
  const [editing, setEditing] = useState<AdminCoupon | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Coupons</h1>
      <CouponForm key={editing?.code ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <ListState query={coupons} what="coupons" empty={coupons.data?.coupons.length === 0 ? 'No coupon yet.' : null}>
        <AdminTable
          caption="Coupons, newest first"
          headings={['Code', 'Discount', 'Product lines', 'Uses', 'Given', 'Expires', 'State']}
          actions
          minWidth="min-w-[760px]"
        >
          {(coupons.data?.coupons ?? []).map((coupon) => {
            const state = stateOf(coupon);
            return (
              <tr key={coupon.code}>
                <td className="px-3 py-2 font-mono font-medium">{coupon.code}</td>
                <td className="px-3 py-2">{discountOf(coupon)}</td>
                <td className="px-3 py-2">
                  {coupon.kinds ? coupon.kinds.map((kind) => ORDER_KIND_NAMES[kind]).join(', ') : 'Every line'}
                </td>
                <td className="px-3 py-2 tabular-nums">
                  {coupon.usage_count}
                  {coupon.max_usage !== null ? ` of ${coupon.max_usage}` : ''}
                  {coupon.reserved_count > 0 ? ` (${coupon.reserved_count} held)` : ''}
                </td>
                <td className="px-3 py-2 tabular-nums">{formatPrice(coupon.discount_given_cents)}</td>
                <td className="px-3 py-2">{coupon.expires_at ? day.format(new Date(coupon.expires_at)) : 'Never'}</td>
                <td className="px-3 py-2">
                  <Badge variant={state.live ? 'success' : 'secondary'}>{state.label}</Badge>
                </td>
                <td className="px-3 py-2 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Change ${coupon.code}`}
                    onClick={() => setEditing(coupon)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      </ListState>
    </div>
  );
}
