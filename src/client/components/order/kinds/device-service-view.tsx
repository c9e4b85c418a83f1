import { KeyRound } from 'lucide-react';
import type { DeviceServiceDetails } from '../../../../domain/device-services';
import type { OrderStatus } from '../../../../domain/order';
import { ORDER_WORKING_STATUSES } from '../../../../domain/order-emails';
import type { DeviceFact } from '~/components/order/device-facts';
import type { OrderKindView } from './kind-view';
import { SupplierWorkCard } from './unlock-details-card';
import { RefundRequestCard } from './refund-request-card';
import { UnlockResultCard } from './unlock-result-card';

function ServiceCard(props: { service: Omit<DeviceServiceDetails, 'result'>; status: OrderStatus; title: string }) {
  const { service } = props;
  const facts: DeviceFact[] = [
    ['Service', service.service_name],
    ['Device', service.device],
    ['IMEI or serial', service.identifier_masked, true],
  ];
  return <SupplierWorkCard title={props.title} facts={facts} promise={service} status={props.status} />;
}

/** An iCloud or FRP lock removal: its result and set-up steps once done, the device and the promise. */
export const deviceServiceView: OrderKindView<'device_service'> = {
  icon: KeyRound,
  Result: ({ order }) =>
    order.service.result ? (
      <UnlockResultCard
        result={{ message: order.service.result.message, instructions: order.service.result.steps }}
        title="Your service result"
        stepsTitle="How to set your device up"
      />
    ) : null,
  Details: ({ order }) => <ServiceCard service={order.service} status={order.status} title="Your service" />,
  // The spec's iPhone refund request: an iCloud removal the supplier has not done yet.
  // Kept mounted as the order moves on, so its answer stays in view after the refund it started.
  Actions: ({ order, access }) =>
    order.service.service === 'icloud_removal' ? (
      <RefundRequestCard access={access} offered={ORDER_WORKING_STATUSES.includes(order.status)} />
    ) : null,
  SharedDetails: ({ order }) => <ServiceCard service={order.service} status={order.status} title="The device" />,
};
