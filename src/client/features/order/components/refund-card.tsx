import { RotateCcw } from 'lucide-react';
import { formatPrice } from '../../../../domain/display';
import type { OrderAnswer } from '../../../../domain/order-answer';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';

/** A refunded (or refunding) order: how much, where to, since when, and when the bank shows it. */
export function RefundCard({ order }: { order: OrderAnswer }) {
  const zone = useTimeZoneShown();
  const refunding = order.status === 'refund_pending';
  if (!refunding && order.status !== 'refunded' && !order.refunded) return null;
  const started = order.events.find((event) => event.status === 'refund_pending');
  const done =
    order.events.findLast((event) => event.status === 'refunded') ?? (order.refunded ? order.events.at(-1) : undefined);
  const rows: [string, string][] = [
    ['Amount', formatPrice(order.total_cents)],
    ['To', 'Your original payment method'],
    ...(started ? ([['Started', formatDateTime(started.created_at, zone)]] as [string, string][]) : []),
    ...(!refunding && done ? ([['Refunded', formatDateTime(done.created_at, zone)]] as [string, string][]) : []),
  ];
  return (
    <section
      aria-labelledby="refund-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id="refund-title" className="flex items-center gap-2 text-lg font-semibold">
        <RotateCcw aria-hidden className="size-5 text-primary" />
        {refunding ? 'Your refund is on its way' : 'Your refund'}
      </h2>
      <dl className="grid gap-2 text-sm">
        {rows.map(([term, detail]) => (
          <div key={term} className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium">{detail}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {refunding
          ? 'The payment provider is returning the money now. You will get an email when it is done.'
          : 'Depending on your bank it appears on your statement within 5-10 business days.'}
      </p>
    </section>
  );
}
