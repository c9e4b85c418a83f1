import { Hourglass, RotateCcw, TimerOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPrice } from '../../../../domain/display';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../../domain/order';
import { type OrderAnswer } from '../../../../domain/order-answer';
import { orderKind } from '../../../../domain/kinds';
import { STATUS_LOOKS, type StatusLook } from '~/components/order/status-looks';
import { Badge } from '~/components/ui/badge';
import { cn } from '~/lib/cn';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';

type Look = StatusLook & { readonly spin?: boolean };
const { problem: PROBLEM, closed: CLOSED, done: DONE } = STATUS_LOOKS;
const WORKING: Look = { ...STATUS_LOOKS.working, spin: true };

const STATUS_LOOK: Record<OrderStatus, Look> = {
  pending_payment: { ...WORKING, icon: Hourglass, spin: false },
  paid: WORKING,
  submitted: WORKING,
  in_progress: WORKING,
  rerouted: WORKING,
  rejected: { ...WORKING, icon: RotateCcw, spin: false },
  refund_pending: { ...WORKING, icon: RotateCcw, spin: false },
  fulfilled: DONE,
  refunded: { ...CLOSED, icon: RotateCcw },
  failed: PROBLEM,
  expired: { ...CLOSED, icon: TimerOff },
  cancelled: CLOSED,
};

/** The top of the order page: its number, its state in words and what it means for the customer. */
export function OrderStatusHeader({ order, live }: { order: OrderAnswer; live?: ReactNode }) {
  const zone = useTimeZoneShown();
  const look = STATUS_LOOK[order.status];
  const Icon = look.icon;
  const label = ORDER_STATUS_LABELS[order.status];
  const kind = orderKind(order.kind);
  const detail = kind.statusDetail(order, formatPrice(order.total_cents));
  return (
    <section
      aria-labelledby="order-status-title"
      className="rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <span className={cn('flex size-14 shrink-0 items-center justify-center rounded-full', look.circle)}>
          <Icon aria-hidden className={cn('size-7', look.spin && 'animate-spin [animation-duration:2s]')} />
        </span>
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="text-sm text-muted-foreground">
            {'Order '}
            <span className="font-mono font-medium text-foreground">{`#${order.short_id}`}</span>
            {` · placed ${formatDateTime(order.created_at, zone)}`}
          </p>
          <h1 id="order-status-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {kind.headline(order.status, label)}
          </h1>
          <div>
            <Badge variant="outline" className={look.badge}>
              <span className="sr-only">Status: </span>
              {label}
            </Badge>
          </div>
          <p className="max-w-2xl text-muted-foreground">{detail}</p>
          {live}
        </div>
      </div>
    </section>
  );
}
