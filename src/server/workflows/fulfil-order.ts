import { findOrder, failOrder } from '../modules/orders/service.ts';
import type { WorkflowDeps } from './deps.ts';
import type { FulfilStep } from './fulfillers/fulfiller.ts';

/**
 * Delivers a paid order through its kind's fulfiller (the delivery job's work), for at most
 * `budgetMs` of new work; `remaining` asks for another run.
 */
export async function fulfilOrder(
  deps: Pick<WorkflowDeps, 'db' | 'fulfillers'>,
  orderId: string,
  options?: { budgetMs?: number },
): Promise<FulfilStep> {
  const order = await findOrder(deps.db, orderId);
  if (!order) return { remaining: false };
  const fulfiller = deps.fulfillers[order.kind];
  if (!fulfiller) throw new Error(`no fulfiller for ${order.kind} orders`);
  return fulfiller.fulfil(orderId, options);
}

/**
 * A delivery that used up its retries (the dead letter): the kind's fulfiller gives up — the
 * order fails visibly, with its event, and its payment goes back. A kind without a fulfiller
 * still ends visibly failed, never nowhere.
 */
export async function giveUpOrder(deps: Pick<WorkflowDeps, 'db' | 'fulfillers'>, orderId: string): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  if (!order) return;
  const fulfiller = deps.fulfillers[order.kind];
  if (fulfiller) return fulfiller.giveUp(orderId);
  if (order.status === 'paid') await failOrder(deps.db, orderId, 'We could not complete your order.');
}
