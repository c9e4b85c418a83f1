import { Home } from 'lucide-react';
import type { ReactNode } from 'react';
import { ORDER_STATUS_LABELS } from '../../../../domain/order';
import { orderKind } from '../../../../domain/kinds';
import { OrderKindActions, OrderKindDetails, OrderKindResult, orderBrand } from '~/components/order/kinds';
import { OrderHistory } from '~/components/order/order-history';
import { OrderLoadFailed } from '~/components/order/order-load-failed';
import { OrderNotFound } from '~/components/order/order-not-found';
import { OrderProgress } from '~/components/order/order-progress';
import { Skeleton } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api-client';
import type { OrderAccess } from '../api/get-order';
import { useLiveOrder } from '../hooks/use-live-order';
import { LiveStatus } from './live-status';
import { NextStepsCard } from './next-steps-card';
import { PaidTogether } from '~/components/order/paid-together';
import { OrderStatusHeader } from './order-status-header';
import { OrderTotals } from './order-totals';
import { RefundCard } from './refund-card';
import { ShareLinksCard } from './share-links-card';

const HOME = { to: '/', label: 'Home', icon: <Home aria-hidden /> };

interface OrderScreenProps {
  readonly access: OrderAccess;
  /** Shown under the summary once the order is there: how to ask a person about it. */
  readonly support?: ReactNode;
}

/** /order/:id: where an order stands, what it is for, its history and its money; live until it settles. */
export function OrderScreen({ access, support }: OrderScreenProps) {
  const live = useLiveOrder(access);
  const order = live.order;
  return (
    <>
      {/* Kept in place from the first render, so each change of status is read out once. */}
      <p role="status" aria-live="polite" className="sr-only">
        {order.data ? `Order status: ${ORDER_STATUS_LABELS[order.data.status]}` : ''}
      </p>
      <OrderBody live={live} access={access} support={support} />
    </>
  );
}

function OrderBody({
  live,
  access,
  support,
}: {
  live: ReturnType<typeof useLiveOrder>;
  access: OrderAccess;
  support: ReactNode;
}) {
  const { order } = live;
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
      <OrderStatusHeader order={data} live={<LiveStatus mode={live.mode} lastUpdatedAt={live.lastUpdatedAt} />} />
      <section aria-label="Progress" className="rounded-xl border border-border bg-card p-6 shadow-sm">
        <OrderProgress kind={data.kind} status={data.status} reached={data.events.map((event) => event.status)} />
      </section>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <div className="grid min-w-0 gap-6 lg:gap-8">
          <OrderKindResult order={data} access={access} />
          <PaidTogether order={data} />
          <NextStepsCard
            steps={orderKind(data.kind).nextSteps(data, { token: access.token, brand: orderBrand(data) })}
          />
          <RefundCard order={data} />
          <OrderKindDetails order={data} />
          <OrderKindActions order={data} access={access} />
          <OrderHistory events={data.events} />
        </div>
        <aside aria-label="Order summary" className="grid gap-6 lg:sticky lg:top-24">
          <OrderTotals order={data} />
          <ShareLinksCard access={access} summary={orderKind(data.kind).sharedSummary} />
          {support}
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
