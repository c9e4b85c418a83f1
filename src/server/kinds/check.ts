import { CHECK_PRODUCTS, type CheckProductId } from '../../domain/device-checks.ts';
import { maskImei } from '../../domain/imei.ts';
import { resultForSharing } from '../../domain/device-checks.ts';
import { NO_PROVIDER } from '../../domain/order.ts';
import type { Db } from '../db/client.ts';
import { checkReadyEmail, checkRefundedEmail, orderEmailKey } from '../emails/order-emails.ts';
import { checkCostSince, checkOrdersOfDevice, checkServiceCosts, findDeviceCheck } from '../modules/checks/service.ts';
import { checkFulfiller } from '../workflows/fulfillers/check.ts';
import type { ServerOrderKind } from './kind.ts';

/**
 * Paid device checks: run by the check provider in seconds; the answer carries the result, which
 * a share link shows too (the identifier masked). Answered, the result's link is mailed; failed,
 * the refund is.
 */
export function checkKind(
  deps: Parameters<typeof checkFulfiller>[0] & {
    readonly db: Db;
    readonly publicUrl: string;
    readonly checkServices: Readonly<Record<CheckProductId, string | null>>;
  },
): ServerOrderKind<'check'> {
  const { db, publicUrl, checkServices } = deps;
  async function details(orderId: string) {
    const check = await findDeviceCheck(db, orderId);
    if (!check) throw new Error(`check order ${orderId} has no device check`);
    return {
      product: check.product,
      product_name: CHECK_PRODUCTS[check.product].name,
      identifier: check.identifier,
      result: check.stage === 'succeeded' ? check.result : null,
      checked_at: check.checkedAt?.toISOString() ?? null,
    };
  }
  return {
    fulfiller: checkFulfiller(deps),
    answer: async (order) => ({ kind: 'check', check: await details(order.id) }),
    async shared(order) {
      const { identifier, result, ...check } = await details(order.id);
      return {
        kind: 'check',
        check: { ...check, result: result && resultForSharing(result), identifier_masked: maskImei(identifier) },
      };
    },
    async mail(event, order) {
      const check = await findDeviceCheck(db, order.id);
      if (!check) return null;
      const productName = CHECK_PRODUCTS[check.product].name;
      if (event.status === 'fulfilled') {
        const mail = await checkReadyEmail(order, productName, maskImei(check.identifier), publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'completed') };
      }
      if (event.status === 'refunded' || (event.status === 'failed' && order.refundRef)) {
        const mail = await checkRefundedEmail(order, productName, order.refundRef !== NO_PROVIDER, publicUrl);
        return { mail, onceKey: orderEmailKey(order.id, 'refunded') };
      }
      return null;
    },
    ordersOfDevice: (imei, limit) => checkOrdersOfDevice(db, imei, limit),
    costSince: (since) => checkCostSince(db, since),
    async productCost(productId) {
      const serviceId = checkServices[productId as CheckProductId];
      return serviceId ? ((await checkServiceCosts(db)).get(serviceId) ?? null) : null;
    },
  };
}
