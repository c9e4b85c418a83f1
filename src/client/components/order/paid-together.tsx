import { useId } from 'react';
import { formatPrice } from '../../../domain/display';
import type { OrderAnswer } from '../../../domain/order-answer';
import { OrderRow } from './order-row';

/**
 * The other orders one payment covered (a cart of eSIMs and licenses, ADR 081), each opening its
 * own page; nothing for an order paid alone.
 */
export function PaidTogether({ order }: { readonly order: OrderAnswer }) {
  const titleId = useId();
  if (order.checkout_orders.length === 0) return null;
  const charged = order.checkout_orders.reduce((sum, other) => sum + other.total_cents, order.total_cents);
  return (
    <section aria-labelledby={titleId} className="overflow-hidden rounded-xl border border-border bg-card shadow-sm">
      <div className="grid gap-1 px-4 pt-4 pb-3">
        <h2 id={titleId} className="text-lg font-semibold">
          Paid together with
        </h2>
        <p className="text-sm text-muted-foreground">
          {`One payment of ${formatPrice(charged)} covered this order (${formatPrice(order.total_cents)}) and these; each has its own page.`}
        </p>
      </div>
      <ul className="divide-y divide-border border-t border-border">
        {order.checkout_orders.map((other) => (
          <li key={other.id}>
            <OrderRow
              kind={other.kind}
              status={other.status}
              title={other.title}
              shortId={other.short_id}
              createdAt={order.created_at}
              totalCents={other.total_cents}
              href={other.href}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
