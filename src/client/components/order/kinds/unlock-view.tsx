import { LockOpen, Smartphone } from 'lucide-react';
import { isOrderSettled } from '../../../../domain/order-page';
import { DeliveryCountdown } from '~/components/order/delivery-countdown';
import { DeviceFacts } from '~/components/order/device-facts';
import type { OrderKindView } from './kind-view';
import { UnlockDetailsCard } from './unlock-details-card';
import { UnlockResultCard } from './unlock-result-card';

/** An unlock order: its result once a supplier sent one (after a refund too), its device and promise. */
export const unlockView: OrderKindView<'unlock'> = {
  icon: LockOpen,
  // 'Apple iPhone 15 Pro' → 'apple': the after-install checklist is per brand.
  brand: (order) => order.unlock.device.split(' ')[0]?.toLowerCase() || null,
  Result: ({ order }) => (order.unlock.result ? <UnlockResultCard result={order.unlock.result} /> : null),
  Details: ({ order }) => <UnlockDetailsCard unlock={order.unlock} status={order.status} />,
  SharedDetails: ({ order }) => (
    <section
      aria-labelledby="shared-device-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id="shared-device-title" className="flex items-center gap-2 text-lg font-semibold">
        <Smartphone aria-hidden className="size-5 text-primary" />
        The device
      </h2>
      <DeviceFacts unlock={order.unlock} />
      {isOrderSettled(order.status) ? null : (
        <DeliveryCountdown
          averageHours={order.unlock.average_hours}
          guaranteedHours={order.unlock.guaranteed_hours}
          guaranteedBy={order.unlock.guaranteed_by}
        />
      )}
    </section>
  ),
};
