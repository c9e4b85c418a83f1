import {
  REFUND_REQUEST_ANSWERS,
  type RefundForm,
  type RefundRequestAnswer,
} from '../../domain/device-service-forms.ts';
import { UNLOCK_WORKING_STAGES } from '../../domain/unlock-process.ts';
import { inTransaction } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { addOrderNote, type Order } from '../modules/orders/service.ts';
import { moveUnlock, unlockPlan } from '../modules/unlocks/service.ts';
import type { WorkflowDeps } from './deps.ts';
import { queueFulfilment } from './fulfil-order.ts';

export const REQUESTED_REFUND_REASON = 'Refunded at your request before the service was done.';

/** What the order's history keeps of the request: where the iPhone was bought, its model, the SIM's last digits. */
function requestNote(form: RefundForm): string {
  const sim = form.simNumber ? `, SIM/eSIM number ending ${form.simNumber.slice(-4)}` : '';
  return `You asked for a refund (${form.model}, bought in ${form.region}${sim}).`;
}

/**
 * The iPhone refund request of a device service order, sent from its order page by its owner or
 * its access token holder (ADR 071). The IMEI and the email must be the order's. Before the service
 * is done, the order is refunded in full, once, by the unlock process's own refunding stage (moved
 * from working to refunding with its reason, a new job chain started, in one transaction); a
 * supplier that finishes after all is then delivered free, as after any refund. Once done, the
 * refund policy says no, and the answer says how to get help.
 */
export async function requestDeviceServiceRefund(
  deps: Pick<WorkflowDeps, 'db' | 'jobs' | 'kinds'>,
  order: Order,
  form: RefundForm,
): Promise<RefundRequestAnswer> {
  const plan = await unlockPlan(deps.db, order.id);
  if (!plan?.service || plan.imei !== form.imei || order.email.toLowerCase() !== form.email.toLowerCase()) {
    throw new AppError('BAD_REQUEST', REFUND_REQUEST_ANSWERS.mismatch);
  }
  if (plan.stage === 'awaiting_payment') return { outcome: 'nothing_to_refund', message: REFUND_REQUEST_ANSWERS.notPaid };
  if (plan.stage === 'completed') return { outcome: 'not_refundable', message: REFUND_REQUEST_ANSWERS.completed };
  const moved = await inTransaction(deps.db, async (tx) => {
    const won = await moveUnlock(tx, order.id, UNLOCK_WORKING_STAGES, 'refunding', {
      set: { refundReason: REQUESTED_REFUND_REASON },
    });
    if (!won) return false;
    await addOrderNote(tx, order.id, requestNote(form));
    await queueFulfilment(deps, tx, order.id);
    return true;
  });
  if (moved) return { outcome: 'refunding', message: REFUND_REQUEST_ANSWERS.refunding };
  // Another run moved it first: done meanwhile, or already being refunded.
  const now = await unlockPlan(deps.db, order.id);
  return now?.stage === 'completed'
    ? { outcome: 'not_refundable', message: REFUND_REQUEST_ANSWERS.completed }
    : { outcome: 'refunded', message: REFUND_REQUEST_ANSWERS.alreadyRefunded };
}
