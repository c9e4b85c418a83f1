import { formatPrice } from '../../../../domain/display';
import type { OrderAnswer } from '../../../../domain/order-answer';

/** What was bought and paid, and whether the money went back. */
export function OrderTotals({ order }: { order: OrderAnswer }) {
  const refundPending = order.status === 'refund_pending';
  return (
    <section
      aria-labelledby="order-totals-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id="order-totals-title" className="text-lg font-semibold">
        Payment
      </h2>
      <ul aria-label="Items" className="grid gap-2 text-sm">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {item.name}
              {item.quantity > 1 ? ` × ${item.quantity}` : ''}
            </span>
            <span className="tabular-nums">{formatPrice(item.line_total_cents)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid gap-1.5 border-t border-border pt-4 text-sm">
        {order.discount_cents > 0 ? (
          <>
            <Row label="Subtotal" value={formatPrice(order.subtotal_cents)} />
            <Row
              label={order.coupon_code ? `Discount (${order.coupon_code})` : 'Discount'}
              value={`-${formatPrice(order.discount_cents)}`}
            />
          </>
        ) : null}
        <div className="flex justify-between text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatPrice(order.total_cents)}</dd>
        </div>
        {order.refunded || refundPending ? (
          <div className="flex justify-between font-medium text-success-foreground">
            <dt>{order.refunded ? 'Refunded' : 'Refund in progress'}</dt>
            <dd className="tabular-nums">{formatPrice(order.total_cents)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-sm text-muted-foreground">
        Receipt sent to <span className="font-medium break-all text-foreground">{order.email}</span>
      </p>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between text-muted-foreground">
      <dt>{label}</dt>
      <dd className="text-foreground tabular-nums">{value}</dd>
    </div>
  );
}
