import { Globe, QrCode } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { esimInstalls, isOrderInProgress, itemCoverage } from '../../../../domain/esim-receipt';
import { ORDER_STATUS_LABELS } from '../../../../domain/order';
import type { OrderAnswerOf } from '../../../../domain/order-answer';
import { isEsimOrder } from '../../../../domain/kinds/esim';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api-client';
import { type OrderAccess, useOrder } from '../api/get-order';
import { AfterInstallChecklist } from './after-install-checklist';
import { EsimInstallCard } from './esim-install-card';
import { OrderLoadFailed } from '~/components/order/order-load-failed';
import { OrderNotFound } from '~/components/order/order-not-found';
import { OrderStatusPanel } from './order-status-panel';
import { OrderSummaryCard } from './order-summary-card';
import { PaidTogether } from '~/components/order/paid-together';

const BROWSE_ESIMS = { to: '/esim-shop', label: 'Browse eSIMs', icon: <Globe aria-hidden /> };

/** The eSIM receipt for a link's order and token (or its signed-in owner); not found for anyone else. */
export function ReceiptScreen({ access, support }: { access: OrderAccess | null; support?: ReactNode }) {
  if (!access) return <OrderNotFound onward={BROWSE_ESIMS} />;
  return <OrderReceipt access={access} support={support} />;
}

function OrderReceipt({ access, support }: { access: OrderAccess; support: ReactNode }) {
  const order = useOrder(access);
  return (
    <>
      {/* Kept in place from the first render, so each change of status is read out once. */}
      <p role="status" aria-live="polite" className="sr-only">
        {order.data && isEsimOrder(order.data) ? `Order status: ${ORDER_STATUS_LABELS[order.data.status]}` : ''}
      </p>
      <OrderReceiptBody order={order} support={support} />
    </>
  );
}

function OrderReceiptBody({ order, support }: { order: ReturnType<typeof useOrder>; support: ReactNode }) {
  if (order.isPending) return <ReceiptSkeleton />;
  // Another kind of order (an unlock) has no eSIM receipt: this link finds nothing here.
  if ((order.error instanceof ApiError && order.error.status === 404) || (order.data && !isEsimOrder(order.data))) {
    return <OrderNotFound onward={BROWSE_ESIMS} />;
  }
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
  const summary = (
    <aside aria-label="Order summary" className="grid gap-6 lg:sticky lg:top-24">
      <OrderSummaryCard order={data} />
      {support}
    </aside>
  );
  if (data.status !== 'fulfilled' && !isOrderInProgress(data.status)) {
    // Failed, expired or cancelled: nothing to install, only where to go next and what was paid.
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12 lg:gap-8">
        <OrderStatusPanel order={data}>
          <Button asChild>
            <Link to="/esim-shop">
              <Globe aria-hidden />
              Browse eSIMs
            </Link>
          </Button>
        </OrderStatusPanel>
        <PaidTogether order={data} />
        {summary}
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-12 lg:gap-8">
      <OrderStatusPanel order={data} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <div className="grid gap-6 lg:gap-8">
          <PaidTogether order={data} />
          {data.status === 'fulfilled' ? <EsimInstalls order={data} /> : <InstallPending />}
          <AfterInstallChecklist />
        </div>
        {summary}
      </div>
    </div>
  );
}

function EsimInstalls({ order }: { order: OrderAnswerOf<'esim'> }) {
  const coverageByItem = new Map(order.items.map((item) => [item.id, itemCoverage(item.details)]));
  return esimInstalls(order).map((install, index) => (
    <EsimInstallCard
      key={install.key}
      install={install}
      coverage={coverageByItem.get(install.profile.order_item_id) ?? null}
      headingId={`esim-${index + 1}`}
    />
  ));
}

function InstallPending() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 px-6 py-12 text-center">
      <QrCode aria-hidden className="size-10 text-muted-foreground" />
      <p className="font-medium">Your QR code and install details appear here</p>
      <p className="max-w-md text-sm text-muted-foreground">
        As soon as your eSIM is issued, usually within seconds. You can keep this page open or come back to it from your
        receipt email.
      </p>
    </div>
  );
}

function ReceiptSkeleton() {
  return (
    <div
      className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-12 lg:gap-8"
      role="status"
      aria-label="Loading your order"
    >
      <Skeleton className="h-44 w-full rounded-2xl" />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <Skeleton className="h-96 w-full rounded-xl" />
        <Skeleton className="h-72 w-full rounded-xl" />
      </div>
    </div>
  );
}
