import { formatPrice } from '../../../../domain/display';
import type { SandboxSession } from '../../../../domain/sandbox-payment';
import { STORE } from '../../../../domain/store-config';
import { Badge } from '~/components/ui/badge';
import { MerchantMark } from './merchant-mark';

/** The left half of the payment page: merchant, amount and what it pays for. */
export function PaymentSummary({ session }: { session: SandboxSession }) {
  const itemsTotal = session.line_items.reduce((sum, item) => sum + item.unit_amount_cents * item.quantity, 0);
  // A coupon lowers the amount below the line items' sum.
  const discount = itemsTotal - session.amount_cents;
  return (
    <section aria-labelledby="payment-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <MerchantMark />
        <Badge className="border-amber-500/60 bg-amber-100 text-amber-950 dark:bg-amber-400/15 dark:text-amber-200">
          Test mode
        </Badge>
      </div>
      <div>
        <h1 id="payment-title" className="text-base font-medium text-muted-foreground">
          {`Pay ${STORE.name}`}
        </h1>
        <p className="mt-1 text-4xl font-bold tracking-tight tabular-nums">{formatPrice(session.amount_cents)}</p>
        <p className="mt-1 text-sm text-muted-foreground">{session.description}</p>
      </div>
      <div className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
        <h2 className="sr-only">Order summary</h2>
        <ul className="divide-y divide-border">
          {session.line_items.map((item, index) => (
            <li key={`${item.name}-${index}`} className="flex items-start justify-between gap-4 py-3 first:pt-0">
              <div className="min-w-0">
                <p className="font-medium break-words">{item.name}</p>
                <p className="text-sm text-muted-foreground tabular-nums">
                  {`Qty ${item.quantity} × ${formatPrice(item.unit_amount_cents)}`}
                </p>
              </div>
              <p className="font-medium tabular-nums">{formatPrice(item.unit_amount_cents * item.quantity)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-1 grid gap-2 border-t border-border pt-3">
          {discount > 0 ? (
            <div className="flex items-center justify-between text-sm">
              <dt className="text-muted-foreground">Discount</dt>
              <dd className="tabular-nums">{`−${formatPrice(discount)}`}</dd>
            </div>
          ) : null}
          <div className="flex items-center justify-between text-base font-semibold">
            <dt>Total due</dt>
            <dd className="tabular-nums">{formatPrice(session.amount_cents)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
