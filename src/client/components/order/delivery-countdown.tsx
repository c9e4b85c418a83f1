import { Clock, ShieldCheck } from 'lucide-react';
import { deliveryCountdown } from '../../../domain/order-tracking';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';
import { useNow } from '~/lib/use-now';

/** The countdown shows minutes, never seconds: twice a minute is enough. */
const TICK_MS = 30_000;

/**
 * The delivery promise of a running order, counting down: the usual time first, then the
 * guaranteed one, and what the store does past it. Nothing before payment.
 */
export function DeliveryCountdown({
  averageHours,
  guaranteedHours,
  guaranteedBy,
}: {
  readonly averageHours: number;
  readonly guaranteedHours: number;
  readonly guaranteedBy: string | null;
}) {
  const now = useNow(TICK_MS);
  const zone = useTimeZoneShown();
  const countdown = deliveryCountdown(now, { averageHours, guaranteedHours, guaranteedBy });
  if (!countdown) return null;
  const percent = Math.round(countdown.progress * 100);
  return (
    <div className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm">
      <p className="flex items-start gap-2 text-base font-semibold">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        {countdown.headline}
      </p>
      <div
        role="progressbar"
        aria-label="Time used of the guaranteed delivery time"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-xs text-muted-foreground">
        <div>
          <dt>Usually by</dt>
          <dd className="font-medium text-foreground">
            {formatDateTime(new Date(countdown.averageAt).toISOString(), zone)}
          </dd>
        </div>
        <div>
          <dt>Guaranteed by</dt>
          <dd className="font-medium text-foreground">
            {formatDateTime(new Date(countdown.guaranteedAt).toISOString(), zone)}
          </dd>
        </div>
      </dl>
      <p className="flex items-start gap-2 text-muted-foreground">
        <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success-foreground" />
        {countdown.detail}
      </p>
    </div>
  );
}
