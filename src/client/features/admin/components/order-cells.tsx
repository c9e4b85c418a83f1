import { Link } from 'react-router';
import { adminOrderHref, ORDER_KIND_NAMES, type AdminOrderRow } from '../../../../domain/admin';
import { formatPrice } from '../../../../domain/display';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../../domain/order';
import { Badge } from '~/components/ui/badge';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';

/**
 * A time as the admin reads it: in UTC (named) while the server renders the page and the browser
 * hydrates it, in their own time zone from then on (ADR 102).
 */
export function When({ at }: { readonly at: string }) {
  return formatDateTime(at, useTimeZoneShown());
}

const PROBLEM: readonly OrderStatus[] = ['failed', 'rejected', 'refund_pending'];

export function StatusBadge({ status }: { readonly status: OrderStatus }) {
  const variant = status === 'fulfilled' ? 'success' : PROBLEM.includes(status) ? 'destructive' : 'secondary';
  return <Badge variant={variant}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

/** The order number as a link to its admin page, named for screen readers by what it is. */
export function OrderLink({
  order,
}: {
  readonly order: Pick<AdminOrderRow, 'id' | 'short_id'> & { readonly title?: string };
}) {
  return (
    <Link
      to={adminOrderHref(order.id)}
      className="font-mono font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
      aria-label={order.title ? `Order ${order.short_id}: ${order.title}` : `Order ${order.short_id}`}
    >
      #{order.short_id}
    </Link>
  );
}

export function KindName({ order }: { readonly order: AdminOrderRow }) {
  return <span>{ORDER_KIND_NAMES[order.kind]}</span>;
}

export const orderAmount = (order: AdminOrderRow) => formatPrice(order.total_cents);
