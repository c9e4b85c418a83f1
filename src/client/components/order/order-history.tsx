import { History } from 'lucide-react';
import { ORDER_STATUS_LABELS } from '../../../domain/order';
import { type OrderAnswer } from '../../../domain/order-answer';
import { cn } from '~/lib/cn';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';

/** Every change the order went through, newest first, each with its time and what it meant. */
export function OrderHistory({ events }: { events: OrderAnswer['events'] }) {
  const zone = useTimeZoneShown();
  // Events written in the same millisecond keep their order: the later one in the answer is newer.
  const newestFirst = events
    .map((event, index) => ({ event, index, time: Date.parse(event.created_at) }))
    .sort((a, b) => b.time - a.time || b.index - a.index)
    .map(({ event }) => event);
  return (
    <section
      aria-labelledby="order-history-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id="order-history-title" className="flex items-center gap-2 text-lg font-semibold">
        <History aria-hidden className="size-5 text-primary" />
        History
      </h2>
      {newestFirst.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened to this order yet.</p>
      ) : (
        <ol className="grid gap-0">
          {newestFirst.map((event, index) => (
            <li
              key={`${event.created_at}-${event.status}-${index}`}
              className="relative grid gap-0.5 pb-4 pl-6 last:pb-0"
            >
              <span
                aria-hidden
                className={cn(
                  'absolute top-1.5 left-0 size-2.5 rounded-full',
                  index === 0 ? 'bg-primary' : 'bg-muted-foreground/50',
                )}
              />
              {index < newestFirst.length - 1 ? (
                <span aria-hidden className="absolute top-4 bottom-0 left-[4px] w-px bg-border" />
              ) : null}
              <p className="text-sm font-medium">{ORDER_STATUS_LABELS[event.status]}</p>
              <p className="text-sm text-muted-foreground">{event.message}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={event.created_at}>{formatDateTime(event.created_at, zone)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
