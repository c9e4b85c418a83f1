import { REFUND_REQUEST_ANSWERS, type RefundRequestAnswer } from '../../domain/device-service-forms.ts';
import { formatPrice } from '../../domain/display.ts';
import { CUSTOMER_REFUND_ANSWERS } from '../../domain/licenses.ts';
import { PAYABLE_STATUSES } from '../../domain/order.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { addOrderNote, type Order } from '../modules/orders/service.ts';
import type { WorkflowDeps } from './deps.ts';
import { refundOrder } from './refund-order.ts';

/**
 * A customer's own refund of an order whose kind refunds while its rule allows (issue 44: an
 * unrevealed license order has "Request a refund", as an iCloud order has): refunded in full, at
 * once and once, through the one refund (refund-order.ts), the rule's claim (a license: its keys
 * retired, so none can be revealed after) in the refund's own transaction. Any other kind is not
 * refunded on request here (409), and once the rule refuses, its own words say why.
 */
export async function requestCustomerRefund(
  deps: Pick<WorkflowDeps, 'db' | 'payments' | 'logger' | 'kinds'>,
  order: Order,
): Promise<RefundRequestAnswer> {
  const rule = deps.kinds[order.kind].fulfiller?.refundRule;
  if (!rule) throw new AppError('ORDER_TRANSITION_FORBIDDEN', CUSTOMER_REFUND_ANSWERS.notOnRequest);
  if (order.refundRef || order.status === 'refund_pending' || order.status === 'refunded') {
    return { outcome: 'refunded', message: REFUND_REQUEST_ANSWERS.alreadyRefunded };
  }
  if (PAYABLE_STATUSES.includes(order.status))
    return { outcome: 'nothing_to_refund', message: REFUND_REQUEST_ANSWERS.notPaid };
  if (!(await rule.allowed(order.id))) {
    return {
      outcome: 'not_refundable',
      message: (await rule.refusal?.(order.id)) ?? CUSTOMER_REFUND_ANSWERS.notRefundable,
    };
  }
  const claim = async (tx: Db) => {
    await rule.claim(tx, order.id);
    await addOrderNote(tx, order.id, CUSTOMER_REFUND_ANSWERS.note);
  };
  const result = await refundOrder(
    deps,
    order.id,
    (refunded, refundedOrder) =>
      refunded
        ? `We refunded ${formatPrice(refundedOrder.totalCents)} to your original payment method at your request.`
        : 'Our team will refund your payment.',
    claim,
  );
  if (!result) return { outcome: 'refunded', message: REFUND_REQUEST_ANSWERS.alreadyRefunded };
  return { outcome: 'refunding', message: CUSTOMER_REFUND_ANSWERS.refunding(formatPrice(order.totalCents)) };
}
