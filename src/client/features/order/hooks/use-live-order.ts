import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OrderAnswer } from '../../../../domain/order-answer';
import { isOrderSettled } from '../../../../domain/order-page';
import {
  ORDER_POLL_FALLBACK_MS,
  ORDER_STREAM_EVENT,
  mergeOrderEvents,
  orderStreamEventSchema,
} from '../../../../domain/order-tracking';
import { type OrderAccess, orderQueryKey, useOrder } from '../api/get-order';
import { useInBrowser } from '~/lib/use-hydrated';

/** How the page keeps up: the stream is open, is being opened, or is down and the page polls. */
export type LiveMode = 'connecting' | 'live' | 'polling';

/** After an event, the whole order is read again this much later (one read for a burst of events). */
const DETAILS_REFRESH_DELAY_MS = 250;

function eventsPath({ orderId, token }: OrderAccess): string {
  const query = token ? `?${new URLSearchParams({ token }).toString()}` : '';
  return `/api/orders/${encodeURIComponent(orderId)}/events${query}`;
}

/**
 * The order, kept live by its event stream (GET /api/orders/:id/events): each event shows at
 * once in the history and the state, then the whole order is read again for what came with it
 * (the result, the refund). While the stream is down the order is polled; the browser reopens
 * the stream itself (resuming with Last-Event-ID) or, when refused, we open it again later.
 */
export function useLiveOrder(access: OrderAccess) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>('connecting');
  const [heardAt, setHeardAt] = useState<number | null>(null);
  // A browser without EventSource polls all along; the server and the hydration draw the stream's
  // first state, as a browser with one starts (ADR 102).
  const streams = !useInBrowser() || typeof EventSource !== 'undefined';
  const order = useOrder(access, { poll: mode === 'polling' || !streams });
  const loaded = order.data !== undefined;
  const settled = order.data ? isOrderSettled(order.data.status) : false;
  const broken = useRef(false);
  const { orderId, token } = access;

  useEffect(() => {
    if (!loaded || settled || !streams) return;
    const key = orderQueryKey({ orderId, token });
    let source: EventSource | null = null;
    let reopen: number | undefined;
    let refresh: number | undefined;

    const open = () => {
      source = new EventSource(eventsPath({ orderId, token }));
      source.addEventListener('open', () => {
        setMode('live');
        setHeardAt(Date.now());
        // Back after a break: what polling may have missed comes with one read.
        if (broken.current) void queryClient.invalidateQueries({ queryKey: key });
        broken.current = false;
      });
      source.addEventListener(ORDER_STREAM_EVENT, (message: MessageEvent<string>) => {
        const parsed = orderStreamEventSchema.safeParse(JSON.parse(message.data));
        if (!parsed.success) return;
        setHeardAt(Date.now());
        queryClient.setQueryData<OrderAnswer>(key, (current) => {
          if (!current || current.events.some((event) => event.id === parsed.data.id)) return current;
          const events = mergeOrderEvents(current.events, [parsed.data]);
          return { ...current, events, status: events.at(-1)?.status ?? current.status };
        });
        window.clearTimeout(refresh);
        refresh = window.setTimeout(() => {
          refresh = undefined;
          void queryClient.invalidateQueries({ queryKey: key });
        }, DETAILS_REFRESH_DELAY_MS);
      });
      source.addEventListener('error', () => {
        broken.current = true;
        setMode('polling');
        // CLOSED: the browser gave up (an error answer); CONNECTING: it is already trying again.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          reopen = window.setTimeout(open, ORDER_POLL_FALLBACK_MS);
        }
      });
    };
    open();
    return () => {
      source?.close();
      window.clearTimeout(reopen);
      // The event that settled the order closes the stream: its details are still read.
      if (refresh !== undefined) {
        window.clearTimeout(refresh);
        void queryClient.invalidateQueries({ queryKey: key });
      }
    };
  }, [loaded, settled, streams, orderId, token, queryClient]);

  const lastUpdatedAt = Math.max(order.dataUpdatedAt, heardAt ?? 0);
  const shown: LiveMode | 'settled' = settled ? 'settled' : streams ? mode : 'polling';
  return { order, mode: shown, lastUpdatedAt };
}
