import { Home } from 'lucide-react';
import { ORDER_STATUS_LABELS } from '../../../../domain/order';
import { Skeleton } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api-client';
import { type OrderAccess, useOrder } from '../api/get-order';
import { OrderHistory } from './order-history';
import { OrderLoadFailed } from '~/components/order/order-load-failed';
import { OrderNotFound } from '~/components/order/order-not-found';
import { OrderStatusHeader } from './order-status-header';
import { OrderTotals } from './order-totals';
import { UnlockDetailsCard } from './unlock-details-card';
import { UnlockResultCard } from './unlock-result-card';

const HOME = { to: '/', label: 'Home', icon: <Home aria-hidden /> };

/** /order/:id: where an order stands, what it is for, its history and its money; kept fresh until it settles. */
export function OrderScreen({ access }: { access: OrderAccess }) {
  const order = useOrder(access);
  return (
    <>
      {/* Kept in place from the first render, so each change of status is read out once. */}
      <p role="status" aria-live="polite" className="sr-only">
        {order.data ? `Order status: ${ORDER_STATUS_LABELS[order.data.status]}` : ''}
      </p>
      <OrderBody order={order} />
    </>
  );
}

function OrderBody({ order }: { order: ReturnType<typeof useOrder> }) {
  if (order.isPending) return <OrderSkeleton />;
  if (order.error instanceof ApiError && order.error.status === 404) return <OrderNotFound onward={HOME} />;
  if (!order.data) {
    return (
      <OrderLoadFailed
        message={order.error?.message}
        retrying={order.isFetching}
        onRetry={() => void order.refetch()}
      />
    );
  }

  const data = order.data;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-12 lg:gap-8">
      <OrderStatusHeader order={data} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <div className="grid min-w-0 gap-6 lg:gap-8">
          {data.unlock?.result && data.status === 'fulfilled' ? <UnlockResultCard result={data.unlock.result} /> : null}
          {data.unlock ? <UnlockDetailsCard unlock={data.unlock} status={data.status} /> : null}
          <OrderHistory events={data.events} />
        </div>
        <aside aria-label="Order summary" className="lg:sticky lg:top-24">
          <OrderTotals order={data} />
        </aside>
      </div>
    </div>
  );
}

function OrderSkeleton() {
  return (
    <div
      className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-12 lg:gap-8"
      role="status"
      aria-label="Loading your order"
    >
      <Skeleton className="h-40 w-full rounded-2xl" />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <Skeleton className="h-80 w-full rounded-xl" />
        <Skeleton className="h-60 w-full rounded-xl" />
      </div>
    </div>
  );
}
