import {
  DEVICE_SERVICE_STEPS,
  DEVICE_SERVICES,
  type DeviceServiceDetails,
  type DeviceServiceId,
} from '../../domain/device-services.ts';
import { maskImei } from '../../domain/imei.ts';
import { NO_PROVIDER } from '../../domain/order.ts';
import { DEVICE_SERVICE_EVENTS } from '../../domain/unlock-fulfilment.ts';
import type { Db } from '../db/client.ts';
import {
  deviceServiceDoneEmail,
  deviceServiceMovedEmail,
  deviceServiceRefundedEmail,
  orderEmailKey,
} from '../emails/order-emails.ts';
import { QUEUES } from '../jobs/queue.ts';
import type { OrderItem } from '../modules/orders/service.ts';
import type { QuoteEngine } from '../modules/quotes/service.ts';
import {
  failingSupplierWork,
  paidAt,
  serviceOrdersOfDevice,
  supplierCostSince,
  unlockAttempts,
  unlockPlan,
} from '../modules/unlocks/service.ts';
import { unlockFulfiller } from '../workflows/fulfillers/unlock.ts';
import type { ServerOrderKind } from './kind.ts';

const HOUR_MS = 3_600_000;

/**
 * Device services (iCloud and FRP lock removal, ADR 071): carried out by supplier services with
 * the unlock's own steps, reroute, guarantee and refund (the unlock guarantee's job covers them),
 * on their own queue; the answer carries the device, the promise and, once done, the result.
 */
export function deviceServiceKind(
  deps: Parameters<typeof unlockFulfiller>[0] & {
    readonly db: Db;
    readonly quotes: Pick<QuoteEngine, 'serviceTools'>;
    readonly deviceServiceTools: Readonly<Record<DeviceServiceId, readonly string[]>>;
  },
): ServerOrderKind<'device_service'> {
  const { db, publicUrl, quotes, deviceServiceTools } = deps;
  const result = async (orderId: string) =>
    (await unlockAttempts(db, orderId)).find((attempt) => attempt.state === 'succeeded')?.detail ?? null;

  async function details(orderId: string, items: readonly OrderItem[]): Promise<DeviceServiceDetails> {
    const plan = await unlockPlan(db, orderId);
    if (!plan?.service) throw new Error(`device service order ${orderId} has no plan`);
    const paid = plan.deadlineAt ? null : await paidAt(db, orderId);
    const guaranteedBy = plan.deadlineAt ?? (paid ? new Date(paid.getTime() + plan.guaranteedHours * HOUR_MS) : null);
    const done = await result(orderId);
    const device = items[0]?.details.device;
    return {
      service: plan.service,
      service_name: DEVICE_SERVICES[plan.service].name,
      identifier_masked: maskImei(plan.imei),
      device: typeof device === 'string' ? device : '',
      average_hours: plan.averageHours,
      guaranteed_hours: plan.guaranteedHours,
      guaranteed_by: guaranteedBy ? guaranteedBy.toISOString() : null,
      result: done === null ? null : { message: done, steps: [...DEVICE_SERVICE_STEPS[plan.service]] },
    };
  }

  return {
    fulfiller: unlockFulfiller({
      ...deps,
      queues: { queue: QUEUES.serviceFulfil, deadLetterQueue: QUEUES.serviceFulfilFailed },
    }),
    answer: async (order, items) => ({ kind: 'device_service', service: await details(order.id, items) }),
    async shared(order, items) {
      // Picked field by field: the result never leaves through a share link.
      const { result: _result, ...service } = await details(order.id, items);
      return { kind: 'device_service', service };
    },
    /** Its emails, each once: done with the result and the steps, moved past the guarantee, refunded with the reason. */
    async mail(event, order) {
      const plan = await unlockPlan(db, order.id);
      if (!plan?.service) return null;
      const name = DEVICE_SERVICES[plan.service].name;
      if (event.message === DEVICE_SERVICE_EVENTS.pastGuarantee(plan.guaranteedHours) && plan.deadlineAt) {
        const mail = await deviceServiceMovedEmail(order, name, plan.deadlineAt, publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'rerouted', plan.toolIndex) };
      }
      if (event.status === 'fulfilled') {
        const steps = DEVICE_SERVICE_STEPS[plan.service];
        const mail = await deviceServiceDoneEmail(order, { name, steps }, (await result(order.id)) ?? '', publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'completed') };
      }
      if (event.status === 'refunded') {
        const reason = plan.refundReason ?? DEVICE_SERVICE_EVENTS.refundOwed;
        const refunded = order.refundRef !== null && order.refundRef !== NO_PROVIDER;
        const mail = await deviceServiceRefundedEmail(order, name, reason, refunded, publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'refunded') };
      }
      return null;
    },
    ordersOfDevice: (imei, limit) => serviceOrdersOfDevice(db, imei, limit),
    costSince: (since) => supplierCostSince(db, 'device_service', since),
    attention: (limit) => failingSupplierWork(db, 'device_service', limit),
    async productCost(productId) {
      const [first] = await quotes.serviceTools(deviceServiceTools[productId as DeviceServiceId] ?? []);
      return first?.costCents ?? null;
    },
  };
}
