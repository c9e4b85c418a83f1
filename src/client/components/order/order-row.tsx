import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../domain/display';
import { ORDER_STATUS_LABELS, type OrderKind, type OrderStatus } from '../../../domain/order';
import { Badge } from '~/components/ui/badge';
import { formatDate, useTimeZoneShown } from '~/lib/time-format';
import { OrderKindIcon } from './kinds';

export interface OrderRowProps {
  readonly kind: OrderKind;
  readonly status: OrderStatus;
  readonly title: ReactNode;
  readonly shortId: string;
  readonly createdAt: string;
  readonly totalCents: number;
  /** The order's page; the row is one link to it. */
  readonly href: string;
  /** A further line under the order number, e.g. the masked IMEI. */
  readonly detail?: ReactNode;
}

/** One order in a list (dashboard, order lookup): what it is, when, its amount and state, opening its page. */
export function OrderRow({ kind, status, title, shortId, createdAt, totalCents, href, detail }: OrderRowProps) {
  const zone = useTimeZoneShown();
  return (
    <Link
      to={href}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <OrderKindIcon kind={kind} className="size-5" />
      </span>
      <span className="min-w-40 flex-1">
        <span className="line-clamp-2 block font-medium break-words">{title}</span>
        <span className="block text-sm text-muted-foreground">
          Order #{shortId} · {formatDate(createdAt, zone)}
        </span>
        {detail ? <span className="block text-sm text-muted-foreground">{detail}</span> : null}
      </span>
      <span className="ml-auto flex shrink-0 flex-col items-end gap-1">
        <span className="font-medium tabular-nums">{formatPrice(totalCents)}</span>
        <Badge variant={status === 'fulfilled' ? 'success' : 'secondary'}>{ORDER_STATUS_LABELS[status]}</Badge>
      </span>
      <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
    </Link>
  );
}
