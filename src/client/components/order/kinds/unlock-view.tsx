import { LockOpen } from 'lucide-react';
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
  SharedDetails: ({ order }) => <UnlockDetailsCard unlock={order.unlock} status={order.status} title="The device" />,
};
