import { Clock, ShieldCheck, Smartphone } from 'lucide-react';
import { useId } from 'react';
import type { OrderStatus } from '../../../../domain/order';
import { isOrderSettled } from '../../../../domain/order-page';
import { deliveryPromiseText } from '../../../../domain/unlock-checkout';
import type { UnlockDetails } from '../../../../domain/unlock-order';
import { DeliveryCountdown } from '~/components/order/delivery-countdown';
import { type DeviceFact, DeviceFacts } from '~/components/order/device-facts';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';

/**
 * What is being unlocked, and the delivery the store promises for it while it runs: the order page's
 * "Your unlock", the share page's "The device" (which never gets the result).
 */
export function UnlockDetailsCard({
  unlock,
  status,
  title = 'Your unlock',
}: {
  unlock: Omit<UnlockDetails, 'result'>;
  status: OrderStatus;
  title?: string;
}) {
  const facts: DeviceFact[] = [
    ['Device', unlock.device],
    ['Carrier', unlock.carrier],
    ['Country', unlock.country],
    ['IMEI', unlock.imei_masked, true],
  ];
  return <SupplierWorkCard title={title} facts={facts} promise={unlock} status={status} />;
}

/**
 * Supplier work (an unlock, a device service): what it is for and, while it runs, the delivery the
 * store promises, with the guarantee's countdown once the clock has started.
 */
export function SupplierWorkCard({
  title,
  facts,
  promise: unlock,
  status,
}: {
  title: string;
  facts: readonly DeviceFact[];
  promise: Pick<UnlockDetails, 'average_hours' | 'guaranteed_hours' | 'guaranteed_by'>;
  status: OrderStatus;
}) {
  const titleId = useId();
  const zone = useTimeZoneShown();
  const promise = deliveryPromiseText(
    { averageHours: unlock.average_hours, guaranteedHours: unlock.guaranteed_hours },
    unlock.guaranteed_by ? formatDateTime(unlock.guaranteed_by, zone) : null,
  );
  const stillRunning = !isOrderSettled(status);
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Smartphone aria-hidden className="size-5 text-primary" />
        {title}
      </h2>
      <DeviceFacts facts={facts} />
      {stillRunning && unlock.guaranteed_by ? (
        <DeliveryCountdown
          averageHours={unlock.average_hours}
          guaranteedHours={unlock.guaranteed_hours}
          guaranteedBy={unlock.guaranteed_by}
        />
      ) : stillRunning ? (
        <div className="grid gap-2 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm">
          <p className="flex items-start gap-2 font-medium">
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {promise}
          </p>
          <p className="flex items-start gap-2 text-muted-foreground">
            <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success-foreground" />
            If it takes longer, we move it to a faster supplier or refund you in full, without you having to ask.
          </p>
        </div>
      ) : null}
    </section>
  );
}
