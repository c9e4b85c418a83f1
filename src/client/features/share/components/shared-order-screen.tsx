import { Eye, Home, Link2Off } from 'lucide-react';
import { Link } from 'react-router';
import { ORDER_STATUS_EXPLANATIONS, ORDER_STATUS_LABELS } from '../../../../domain/order';
import { SHARE_LINK_NOT_FOUND_MESSAGE, type SharedOrder } from '../../../../domain/order-tracking';
import { SharedOrderKindDetails } from '~/components/order/kinds';
import { OrderHistory } from '~/components/order/order-history';
import { OrderLoadFailed } from '~/components/order/order-load-failed';
import { OrderProgress } from '~/components/order/order-progress';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api-client';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';
import { useSharedOrder } from '../api/get-shared-order';

/** /share/:token: an order's state, progress, estimate and history, read-only, for whoever holds the link. */
export function SharedOrderScreen({ token }: { token: string }) {
  const shared = useSharedOrder(token);
  if (shared.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12" role="status" aria-label="Loading">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-60 w-full rounded-xl" />
      </div>
    );
  }
  if (shared.error instanceof ApiError && shared.error.status === 404) return <ShareNotFound />;
  if (!shared.data) {
    return (
      <OrderLoadFailed
        message={shared.error?.message}
        retrying={shared.isFetching}
        onRetry={() => void shared.refetch()}
      />
    );
  }
  return <SharedOrderView order={shared.data} />;
}

function SharedOrderView({ order }: { order: SharedOrder }) {
  const zone = useTimeZoneShown();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <p className="flex items-center gap-2 rounded-lg border border-border bg-muted/50 px-4 py-2 text-sm text-muted-foreground">
        <Eye aria-hidden className="size-4 shrink-0" />A read-only status page, shared by the person who placed this
        order.
      </p>
      <section
        aria-labelledby="shared-order-title"
        className="grid gap-3 rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      >
        <p className="text-sm text-muted-foreground">
          {'Order '}
          <span className="font-mono font-medium text-foreground">{`#${order.short_id}`}</span>
          {` · placed ${formatDateTime(order.created_at, zone)}`}
        </p>
        <h1 id="shared-order-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {order.title}
        </h1>
        <div>
          <Badge variant="outline">
            <span className="sr-only">Status: </span>
            {ORDER_STATUS_LABELS[order.status]}
          </Badge>
        </div>
        <p className="text-muted-foreground">{ORDER_STATUS_EXPLANATIONS[order.status]}</p>
        <div className="pt-2">
          <OrderProgress kind={order.kind} status={order.status} reached={order.events.map((event) => event.status)} />
        </div>
      </section>
      <SharedOrderKindDetails order={order} />
      <OrderHistory events={order.events} />
    </div>
  );
}

function ShareNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:py-24">
      <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Link2Off aria-hidden className="size-8" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight">Share link not found</h1>
      <p className="mt-3 text-muted-foreground">{SHARE_LINK_NOT_FOUND_MESSAGE}</p>
      <Button asChild variant="outline" className="mt-8">
        <Link to="/">
          <Home aria-hidden />
          Home
        </Link>
      </Button>
    </div>
  );
}
