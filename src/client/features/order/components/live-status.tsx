import { RefreshCw } from 'lucide-react';
import { ORDER_POLL_FALLBACK_MS, lastUpdatedText } from '../../../../domain/order-tracking';
import { cn } from '~/lib/cn';
import { useNow } from '~/lib/use-now';
import type { LiveMode } from '../hooks/use-live-order';

const TICK_MS = 5_000;

/** How the page keeps up with the order, and when it last heard of it. */
export function LiveStatus({ mode, lastUpdatedAt }: { mode: LiveMode | 'settled'; lastUpdatedAt: number }) {
  const now = useNow(TICK_MS);
  const updated = lastUpdatedAt > 0 ? `Last updated ${lastUpdatedText(now, lastUpdatedAt)}` : null;
  if (mode === 'settled') return updated ? <p className="text-xs text-muted-foreground">{updated}.</p> : null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground" data-live={mode}>
      {mode === 'polling' ? (
        <>
          <RefreshCw aria-hidden className="size-3.5" />
          <span>{`Live updates paused: checking every ${ORDER_POLL_FALLBACK_MS / 1000} seconds.`}</span>
        </>
      ) : (
        <>
          <span aria-hidden className="relative flex size-2">
            <span
              className={cn(
                'absolute inline-flex size-full rounded-full bg-success opacity-75',
                mode === 'live' && 'motion-safe:animate-ping',
              )}
            />
            <span className="relative inline-flex size-2 rounded-full bg-success" />
          </span>
          <span className="font-medium text-foreground">{mode === 'live' ? 'Live' : 'Connecting…'}</span>
          <span>This page updates by itself.</span>
        </>
      )}
      {updated ? <span>{`${updated}.`}</span> : null}
    </p>
  );
}
