import { PROCESSING_FEE_CENTS } from '../../../../domain/coupon';
import { formatPrice } from '../../../../domain/display';
import { itemCoverage } from '../../../../domain/esim-receipt';
import type { OrderAnswer } from '../../../../domain/order-answer';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';

/** What was bought and paid: items, subtotal, coupon, the $0.00 processing fee and the total. */
export function OrderSummaryCard({ order }: { order: OrderAnswer }) {
  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle>Order summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm">
        <dl className="grid gap-2">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Order</dt>
            <dd className="font-mono font-medium">{`#${order.short_id}`}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">Receipt sent to</dt>
            <dd className="font-medium break-words">{order.email}</dd>
          </div>
        </dl>
        <ul aria-label="Items" className="grid gap-3 border-t border-border pt-4">
          {order.items.map((item) => {
            const coverage = itemCoverage(item.details);
            return (
              <li key={item.id} className="flex items-start justify-between gap-4">
                <div className="min-w-0">
                  <p className="font-medium break-words">{item.name}</p>
                  <p className="text-muted-foreground tabular-nums">
                    {`${item.quantity} × ${formatPrice(item.unit_price_cents)}`}
                    {coverage ? ` · ${coverage}` : null}
                  </p>
                </div>
                <p className="font-medium tabular-nums">{formatPrice(item.line_total_cents)}</p>
              </li>
            );
          })}
        </ul>
        <dl className="grid gap-2 border-t border-border pt-4 tabular-nums">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd>{formatPrice(order.subtotal_cents)}</dd>
          </div>
          {order.discount_cents > 0 ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">
                Discount
                {order.coupon_code ? (
                  <span className="ml-1.5 rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
                    {order.coupon_code}
                  </span>
                ) : null}
              </dt>
              <dd className="text-success-foreground">{`−${formatPrice(order.discount_cents)}`}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Processing fee</dt>
            <dd>{formatPrice(PROCESSING_FEE_CENTS)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-semibold">
            <dt>{order.status === 'failed' && order.refunded ? 'Total (refunded)' : 'Total'}</dt>
            <dd>{formatPrice(order.total_cents)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
