import { SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ORDER_LOOKUP_NO_MATCH, type LookedUpOrder } from '../../../../domain/order-lookup';
import { CONTACT_SUPPORT_HREF } from '../../../../domain/site-map';
import { OrderRow } from '~/components/order/order-row';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';

/** What a lookup found: the matching orders, or one message for a wrong email and a missing order alike. */
export function LookupResults({ orders }: { readonly orders: readonly LookedUpOrder[] }) {
  // The submit button is busy (disabled) while asking, which drops the focus: each answer takes it,
  // so a keyboard user goes on from here and a screen reader reads it.
  const answerRef = useRef<HTMLDivElement & HTMLHeadingElement>(null);
  useEffect(() => answerRef.current?.focus(), [orders]);

  if (orders.length === 0) {
    return (
      <Alert role="status" ref={answerRef} tabIndex={-1} className="outline-none">
        <SearchX aria-hidden />
        <AlertTitle>No matching order</AlertTitle>
        <AlertDescription>
          <p>{ORDER_LOOKUP_NO_MATCH}</p>
          <p>
            Still stuck?{' '}
            <Link to={CONTACT_SUPPORT_HREF} className="font-medium text-primary underline-offset-4 hover:underline">
              Contact Support
            </Link>
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="lookup-results-title" className="grid grid-cols-1 gap-3">
      <h2 id="lookup-results-title" ref={answerRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {orders.length === 1 ? 'We found your order' : `We found ${orders.length} orders`}
      </h2>
      <ul aria-label="Matching orders" className="divide-y divide-border rounded-lg border border-border bg-card">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderRow
              kind={order.kind}
              status={order.status}
              title={order.title}
              shortId={order.short_id}
              createdAt={order.created_at}
              totalCents={order.total_cents}
              href={order.href}
              detail={order.imei_masked ? `IMEI ${order.imei_masked}` : undefined}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
