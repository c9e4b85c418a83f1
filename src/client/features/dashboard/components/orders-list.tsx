import { orderPageHref } from '../../../../domain/order-lookup';
import type { AccountOrder } from '../../../../domain/order';
import { OrderRow } from '~/components/order/order-row';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';

/** The account's orders with their status, each opening its own page (the owner needs no token there). */
export function OrdersList({ orders, live }: { readonly orders: readonly AccountOrder[]; readonly live: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your orders</CardTitle>
        {live ? (
          <CardDescription>States update here by themselves while an order is in progress.</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        <ul aria-label="Your orders" className="divide-y divide-border rounded-lg border border-border">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderRow
                kind={order.kind}
                status={order.status}
                title={`${order.title}${order.item_count > 1 ? ` and ${order.item_count - 1} more` : ''}`}
                shortId={order.short_id}
                createdAt={order.created_at}
                totalCents={order.total_cents}
                href={orderPageHref(order)}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
