import { ChevronRight, Globe, LockOpen } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrice } from '../../../../domain/display';
import { ORDER_STATUS_LABELS, type AccountOrder } from '../../../../domain/order';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';

const placedOn = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An eSIM order opens its receipt; every other order its order page (the owner needs no token there). */
function receiptHref(order: AccountOrder): string | null {
  const id = encodeURIComponent(order.id);
  return order.kind === 'esim' ? `/esim/receipt?order=${id}` : `/order/${id}`;
}

/** The account's orders with their status, each opening its own page. */
export function OrdersList({ orders }: { readonly orders: readonly AccountOrder[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your orders</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-label="Your orders" className="divide-y divide-border rounded-lg border border-border">
          {orders.map((order) => {
            const href = receiptHref(order);
            const more = order.item_count > 1 ? ` and ${order.item_count - 1} more` : '';
            const body = (
              <>
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  {order.kind === 'esim' ? (
                    <Globe aria-hidden className="size-5" />
                  ) : (
                    <LockOpen aria-hidden className="size-5" />
                  )}
                </span>
                <span className="min-w-40 flex-1">
                  <span className="block truncate font-medium">
                    {order.title}
                    {more}
                  </span>
                  <span className="block text-sm text-muted-foreground">
                    Order #{order.short_id} · {placedOn.format(new Date(order.created_at))}
                  </span>
                </span>
                <span className="ml-auto flex shrink-0 flex-col items-end gap-1">
                  <span className="font-medium tabular-nums">{formatPrice(order.total_cents)}</span>
                  <Badge variant={order.status === 'fulfilled' ? 'success' : 'secondary'}>
                    {ORDER_STATUS_LABELS[order.status]}
                  </Badge>
                </span>
                {href ? <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" /> : null}
              </>
            );
            return (
              <li key={order.id}>
                {href ? (
                  <Link
                    to={href}
                    className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
                  >
                    {body}
                  </Link>
                ) : (
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
