import { z } from 'zod';
import { deviceServiceDetailsSchema } from '../device-services.ts';
import type { OrderStatus } from '../order.ts';
import { plainKind } from './kind.ts';
import { supplierWorkDetail } from './unlock.ts';

/** The order page's headline for a device service (iCloud or FRP lock removal) in each state. */
export const DEVICE_SERVICE_HEADLINES: Record<OrderStatus, string> = {
  pending_payment: 'Confirming your payment',
  paid: 'Payment received: your service is starting',
  submitted: 'Your service is with our supplier',
  in_progress: 'Your service is in progress',
  rejected: 'Finding another supplier for your service',
  rerouted: 'Your service moved to another supplier',
  refund_pending: 'Your refund is on its way',
  refunded: 'Your payment was refunded',
  fulfilled: 'Your device’s lock was removed',
  failed: 'We could not complete your service',
  expired: 'This checkout expired',
  cancelled: 'This order was cancelled',
};

const deviceServiceDetail = supplierWorkDetail({
  working:
    'There is nothing you need to do: we email you as soon as the lock is removed. Keep the device connected to Wi-Fi.',
  rejected:
    'The supplier could not do it; we are sending it to another one or refunding you, without you having to ask.',
  fulfilled: 'Follow the steps below to set the device up. We have also emailed them to you.',
});

/** iCloud and FRP lock removals: carried out by supplier services like unlocks, with the same guarantee. */
export const deviceServiceKind = plainKind('device service', {
  headline: (status) => DEVICE_SERVICE_HEADLINES[status],
  statusDetail: deviceServiceDetail,
  sharedSummary:
    'Anyone with a share link sees the order’s state, history and delivery estimate, with the identifier masked. Never your email, the result or your payment.',
});

/** A device service's part of the order answer. */
export const deviceServiceAnswerPart = { kind: z.literal('device_service'), service: deviceServiceDetailsSchema };
/** What a share link shows of it: never the result. */
export const deviceServiceSharedPart = {
  kind: z.literal('device_service'),
  service: deviceServiceDetailsSchema.omit({ result: true }),
};
