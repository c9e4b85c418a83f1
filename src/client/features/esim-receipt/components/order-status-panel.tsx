import { Check, Hourglass, LoaderCircle, TimerOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPrice } from '../../../../domain/display';
import {
  DELIVERY_STEPS,
  ORDER_STATUS_HEADLINES,
  deliveryStepsDone,
  isOrderInProgress,
  orderStatusDetail,
} from '../../../../domain/esim-receipt';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../../domain/order';
import { type OrderAnswer } from '../../../../domain/order-answer';
import { STATUS_LOOKS, type StatusLook } from '~/components/order/status-looks';
import { Badge } from '~/components/ui/badge';
import { cn } from '~/lib/cn';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';

type Look = StatusLook;
const { working: WORKING, problem: FAILED, closed: CLOSED, done: DONE } = STATUS_LOOKS;

// States of other kinds of order look like the eSIM state closest to them.
const STATUS_LOOK: Record<OrderStatus, Look> = {
  pending_payment: { ...WORKING, icon: Hourglass },
  paid: WORKING,
  submitted: WORKING,
  in_progress: WORKING,
  rerouted: WORKING,
  refund_pending: WORKING,
  fulfilled: DONE,
  failed: FAILED,
  rejected: FAILED,
  expired: { ...CLOSED, icon: TimerOff },
  cancelled: CLOSED,
  refunded: CLOSED,
};

/** The top of the receipt: where the order stands, in words and as steps, updated live. */
export function OrderStatusPanel({ order, children }: { order: OrderAnswer; children?: ReactNode }) {
  const look = STATUS_LOOK[order.status];
  const Icon = look.icon;
  const showSteps = isOrderInProgress(order.status) || order.status === 'fulfilled';
  const zone = useTimeZoneShown();
  return (
    <section
      aria-labelledby="order-status-title"
      className="rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <span className={cn('flex size-14 shrink-0 items-center justify-center rounded-full', look.circle)}>
          <Icon aria-hidden className={cn('size-7', order.status === 'paid' && 'animate-spin')} />
        </span>
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="text-sm text-muted-foreground">
            {`Order `}
            <span className="font-mono font-medium text-foreground">{`#${order.short_id}`}</span>
            {` · placed ${formatDateTime(order.created_at, zone)}`}
          </p>
          <h1 id="order-status-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {ORDER_STATUS_HEADLINES[order.status]}
          </h1>
          <div>
            <Badge variant="outline" className={look.badge}>
              <span className="sr-only">Status: </span>
              {ORDER_STATUS_LABELS[order.status]}
            </Badge>
          </div>
          <p className="max-w-2xl text-muted-foreground">{orderStatusDetail(order, formatPrice(order.total_cents))}</p>
          {children ? <div className="mt-3 flex flex-wrap gap-3">{children}</div> : null}
        </div>
      </div>
      {showSteps ? <DeliverySteps status={order.status} /> : null}
    </section>
  );
}

function DeliverySteps({ status }: { status: OrderStatus }) {
  const done = deliveryStepsDone(status);
  return (
    <ol aria-label="Delivery progress" className="mt-6 grid gap-3 border-t border-border pt-6 sm:grid-cols-3 sm:gap-4">
      {DELIVERY_STEPS.map((step, index) => {
        const state = index < done ? 'done' : index === done ? 'current' : 'todo';
        return (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-lg border px-3 py-2.5 text-sm',
              state === 'done' && 'border-success/40 bg-success/10',
              state === 'current' && 'border-primary/50 bg-primary/5 font-medium',
              state === 'todo' && 'border-dashed border-border text-muted-foreground',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                state === 'done' && 'bg-success text-white dark:text-background',
                state === 'current' && 'bg-primary/15 text-primary',
                state === 'todo' && 'bg-muted text-muted-foreground',
              )}
            >
              {state === 'done' ? (
                <Check className="size-3.5" strokeWidth={3} />
              ) : state === 'current' ? (
                <LoaderCircle className="size-3.5 animate-spin" />
              ) : (
                index + 1
              )}
            </span>
            {step}
            <span className="sr-only">
              {state === 'done' ? ' (done)' : state === 'current' ? ' (in progress)' : ' (to come)'}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
