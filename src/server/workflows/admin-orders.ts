import {
  ADMIN_ACTION_REFUSALS,
  AUDIT_ACTIONS,
  adminActionsFor,
  adminActionsNotOffered,
  type AdminOrderActionRequest,
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminOrderQuery,
  decodeCursor,
  type Overview,
  RETRYABLE_STATUSES,
  SUPPLIER_LOW_CREDIT_CENTS,
  CHECK_PROVIDER_LOW_BALANCE_CENTS,
  FAILED_JOBS_DAYS,
  type TimelineEntry,
} from '../../domain/admin.ts';
import { formatPrice } from '../../domain/display.ts';
import { canTransition, ORDER_KINDS, ORDER_STATUS_LABELS } from '../../domain/order.ts';
import { shortId } from '../../domain/short-id.ts';
import { CONVERSATION_STATUS_LABELS } from '../../domain/support-conversations.ts';
import { type Db, inTransaction } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { ordersOfDevice } from '../kinds/kind.ts';
import { type AdminActor, auditOf, recordAudit } from '../modules/audit/service.ts';
import {
  addOrderNote,
  adminOrderPage,
  type AdminOrderFilter,
  findOrder,
  type Order,
  orderEvents,
  orderFiguresSince,
  orderItems,
  ordersNeedingAttention,
  STUCK_MINUTES,
} from '../modules/orders/service.ts';
import { orderPaymentEvents } from '../modules/payments/service.ts';
import { supplierAccount } from '../modules/quotes/service.ts';
import { checkProviderAccount } from '../modules/checks/service.ts';
import { orderConversationLinks, unansweredSummary } from '../modules/support/conversations.ts';
import type { LicenseService } from '../modules/licenses/service.ts';
import { unlockAttempts, unlocksDueForGuarantee } from '../modules/unlocks/service.ts';
import type { WorkflowDeps } from './deps.ts';
import { queueFulfilment } from './fulfil-order.ts';
import { refundOrder } from './refund-order.ts';

type AdminDeps = Pick<WorkflowDeps, 'db' | 'jobs' | 'kinds' | 'payments' | 'logger' | 'mailer'> & {
  readonly licenses: Pick<LicenseService, 'lowStock'>;
};

/** How many orders of one device the IMEI filter looks at. */
const DEVICE_ORDERS_MAX = 200;

/** The end of the day `to` names (a date alone means the whole day), or the time it names. */
function endOf(to: string): Date {
  const at = new Date(to);
  return /^\d{4}-\d\d-\d\d$/.test(to) ? new Date(at.getTime() + 86_400_000) : at;
}

/** The admin order list (ADR 073): filters, then a keyset page. */
export async function listOrders(deps: AdminDeps, query: AdminOrderQuery): Promise<AdminOrderPage> {
  const filter: AdminOrderFilter = {
    kind: query.kind,
    status: query.status,
    placedFrom: query.from ? new Date(query.from) : undefined,
    placedBefore: query.to ? endOf(query.to) : undefined,
    email: query.email || undefined,
    idPrefix: query.number || undefined,
    ids: query.imei ? await ordersOfDevice(deps.kinds, query.imei, DEVICE_ORDERS_MAX) : undefined,
    after: query.cursor
      ? (({ createdAt, id }) => ({ createdAt: new Date(createdAt), id }))(decodeCursor(query.cursor))
      : undefined,
  };
  return adminOrderPage(deps.db, filter, query.limit);
}

/** Whether the store may refund the order now (ADR 072): paid, not refunded, its process allows it. */
async function refundable(deps: AdminDeps, order: Order): Promise<boolean> {
  if (order.refundRef) return false;
  const fulfiller = deps.kinds[order.kind].fulfiller;
  if (fulfiller?.storeRefund) return fulfiller.storeRefund.allowed(order.id);
  if (fulfiller?.refundRule && !(await fulfiller.refundRule.allowed(order.id))) return false;
  if (order.status === 'refund_pending') return true;
  if (order.status === 'failed') return order.totalCents > 0;
  return canTransition(order.kind, order.status, 'refund_pending');
}

async function actionsOf(deps: AdminDeps, order: Order, mailCount: number) {
  const fulfiller = deps.kinds[order.kind].fulfiller;
  const facts = {
    status: order.status,
    refundable: await refundable(deps, order),
    hasFulfiller: fulfiller !== undefined,
    hasEmails: mailCount > 0,
    reroutable: (await fulfiller?.storeReroute?.next(order.id)) != null,
  };
  const refundRefusal = facts.refundable ? null : ((await fulfiller?.refundRule?.refusal?.(order.id)) ?? null);
  return {
    actions: adminActionsFor(facts),
    not_offered: adminActionsNotOffered({
      ...facts,
      refunded: order.refundRef !== null,
      refundRefusal,
      canReroute: fulfiller?.storeReroute !== undefined,
    }),
  };
}

function actorOf(event: { message: string }): string {
  return event.message.startsWith('Order placed') ? 'Customer' : 'Store';
}

/** The order with its whole timeline, newest first, and the actions its state allows. */
export async function orderDetail(deps: AdminDeps, orderId: string): Promise<AdminOrderDetail> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  const [items, events, audits, mails, attempts, payments, conversations] = await Promise.all([
    orderItems(deps.db, orderId),
    orderEvents(deps.db, orderId),
    auditOf(deps.db, 'order', orderId),
    deps.mailer.orderMail(orderId),
    unlockAttempts(deps.db, orderId),
    orderPaymentEvents(deps.db, orderId),
    orderConversationLinks(deps.db, orderId),
  ]);
  const timeline: TimelineEntry[] = [
    ...events.map((event) => ({
      at: new Date(event.createdAt).toISOString(),
      type: 'state' as const,
      actor: actorOf(event),
      title: ORDER_STATUS_LABELS[event.status],
      detail: event.message,
      status: event.status,
      mail_id: null,
      conversation_id: null,
    })),
    ...audits.map((audit) => ({
      at: new Date(audit.createdAt).toISOString(),
      type: 'audit' as const,
      actor: audit.actorEmail,
      title: AUDIT_ACTIONS[audit.action as keyof typeof AUDIT_ACTIONS] ?? audit.action,
      detail: typeof audit.after?.detail === 'string' ? audit.after.detail : null,
      status: null,
      mail_id: null,
      conversation_id: null,
    })),
    ...mails.map((mail) => ({
      at: new Date(mail.createdAt).toISOString(),
      type: 'email' as const,
      actor: 'Store',
      title: `Email: ${mail.subject}`,
      detail: mail.sentAt ? `Sent to ${mail.to}` : `Not delivered to ${mail.to}${mail.error ? `: ${mail.error}` : ''}`,
      status: null,
      mail_id: mail.id,
      conversation_id: null,
    })),
    ...attempts.flatMap((attempt) => supplierEntries(attempt)),
    ...payments.map((event) => ({
      at: new Date(event.receivedAt).toISOString(),
      type: 'payment' as const,
      actor: `Payment provider (${event.provider})`,
      title: `Payment event: ${event.type}`,
      detail: `Event ${event.eventId}: ${event.outcome}`,
      status: null,
      mail_id: null,
      conversation_id: null,
    })),
    ...conversations.map((conversation) => ({
      at: conversation.at,
      type: 'support' as const,
      actor: 'Customer',
      title: `Wrote to support (${conversation.reference})`,
      detail: CONVERSATION_STATUS_LABELS[conversation.status],
      status: null,
      mail_id: null,
      conversation_id: conversation.id,
    })),
  ].sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1));
  return {
    order: {
      id: order.id,
      short_id: shortId(order.id),
      kind: order.kind,
      status: order.status,
      email: order.email,
      total_cents: order.totalCents,
      currency: order.currency,
      created_at: new Date(order.createdAt).toISOString(),
      title: items[0]?.name ?? 'Order',
      subtotal_cents: order.subtotalCents,
      discount_cents: order.discountCents,
      coupon_code: order.couponCode,
      payment_provider: order.paymentProvider,
      payment_ref: order.paymentRef,
      refund_ref: order.refundRef,
      user_id: order.userId,
    },
    items: items.map((item) => ({ name: item.name, quantity: item.quantity, unit_price_cents: item.unitPriceCents })),
    ...(await actionsOf(deps, order, mails.length)),
    timeline,
  };
}

const ATTEMPT_ENDINGS: Record<string, string> = {
  succeeded: 'Supplier finished it',
  rejected: 'Supplier declined it',
  abandoned: 'Store moved on from this supplier service',
  expired: 'Supplier never answered after the refund',
};

/** One submission to a supplier: when it was sent (with the supplier's reference) and how it ended. */
function supplierEntries(attempt: Awaited<ReturnType<typeof unlockAttempts>>[number]): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    {
      at: new Date(attempt.submittedAt ?? attempt.createdAt).toISOString(),
      type: 'supplier',
      actor: 'Store',
      title: `Sent to supplier service ${attempt.toolId}`,
      detail: attempt.supplierRef
        ? `Supplier reference ${attempt.supplierRef}; looked at ${attempt.polls} ${attempt.polls === 1 ? 'time' : 'times'}`
        : 'Not accepted by the supplier yet',
      status: null,
      mail_id: null,
      conversation_id: null,
    },
  ];
  const ending = ATTEMPT_ENDINGS[attempt.state];
  if (attempt.finishedAt && ending) {
    entries.push({
      at: new Date(attempt.finishedAt).toISOString(),
      type: 'supplier',
      actor: 'Supplier',
      title: `${ending} (${attempt.toolId})`,
      detail: attempt.detail,
      status: null,
      mail_id: null,
      conversation_id: null,
    });
  }
  return entries;
}

const audit =
  (
    actor: AdminActor,
    order: Order,
    action: Parameters<typeof recordAudit>[2]['action'],
    after: Record<string, unknown>,
  ) =>
  (tx: Db) =>
    recordAudit(tx, actor, {
      action,
      recordType: 'order',
      recordId: order.id,
      before: { status: order.status },
      after,
    });

/**
 * An admin's action on an order (ADR 072): each an intent of the order core or the kind's process,
 * with its audit event written in the transaction that makes the change. An action the order's
 * state does not allow is refused (409), as it is not offered.
 */
export async function actOnOrder(
  deps: AdminDeps,
  actor: AdminActor,
  orderId: string,
  request: AdminOrderActionRequest,
): Promise<{ message: string }> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  switch (request.action) {
    case 'refund':
      return refundAsAdmin(deps, actor, order, request.reason);
    case 'retry': {
      const fulfiller = deps.kinds[order.kind].fulfiller;
      if (!fulfiller || !RETRYABLE_STATUSES.includes(order.status)) {
        throw new AppError('ORDER_TRANSITION_FORBIDDEN', ADMIN_ACTION_REFUSALS.retry);
      }
      await inTransaction(deps.db, async (tx) => {
        // Conditional on the state read: a move meanwhile (delivered, say) refuses the retry.
        const now = await findOrder(tx, order.id);
        if (now?.status !== order.status) throw new AppError('ORDER_TRANSITION_FORBIDDEN', ADMIN_ACTION_REFUSALS.retry);
        await queueFulfilment(deps, tx, order.id);
        await audit(actor, order, 'order.retry', { detail: 'A new fulfilment run was started.' })(tx);
      });
      return { message: `Fulfilment of order ${shortId(order.id)} started again.` };
    }
    case 'reroute': {
      const storeReroute = deps.kinds[order.kind].fulfiller?.storeReroute;
      const next = await storeReroute?.next(order.id);
      if (!storeReroute || !next) throw new AppError('ORDER_TRANSITION_FORBIDDEN', ADMIN_ACTION_REFUSALS.reroute);
      const message = 'Our team moved your order to another supplier service to finish it sooner.';
      await inTransaction(deps.db, async (tx) => {
        if (!(await storeReroute.start(tx, order.id, message))) {
          throw new AppError('ORDER_TRANSITION_FORBIDDEN', ADMIN_ACTION_REFUSALS.reroute);
        }
        await queueFulfilment(deps, tx, order.id);
        await audit(actor, order, 'order.reroute', { detail: `Moved to supplier service ${next}.`, tool_id: next })(tx);
      });
      return { message: `Order ${shortId(order.id)} moved to supplier service ${next}.` };
    }
    case 'note':
      await inTransaction(deps.db, async (tx) => {
        if (request.customer_visible) await addOrderNote(tx, order.id, request.text);
        await audit(actor, order, 'order.note', {
          detail: request.text,
          customer_visible: request.customer_visible,
        })(tx);
      });
      return {
        message: request.customer_visible ? 'Note added to the customer’s order history.' : 'Internal note added.',
      };
    case 'resend_email': {
      const mails = await deps.mailer.orderMail(order.id);
      const mail = mails.find((found) => found.id === request.mail_id);
      if (!mail) throw new AppError('NOT_FOUND', ADMIN_ACTION_REFUSALS.resend_email);
      await deps.mailer.resend(
        mail.id,
        audit(actor, order, 'order.resend_email', { detail: `${mail.subject} to ${mail.to}`, mail_id: mail.id }),
      );
      return { message: `Email sent again to ${mail.to}.` };
    }
  }
}

async function refundAsAdmin(deps: AdminDeps, actor: AdminActor, order: Order, reason: string) {
  const refused = () => new AppError('ORDER_TRANSITION_FORBIDDEN', ADMIN_ACTION_REFUSALS.refund);
  if (!(await refundable(deps, order))) {
    // The kind's own reason where it has one (a license: when its key was revealed), else the general one.
    const why = await deps.kinds[order.kind].fulfiller?.refundRule?.refusal?.(order.id);
    throw why ? new AppError('ORDER_TRANSITION_FORBIDDEN', why) : refused();
  }
  const audited = audit(actor, order, 'order.refund', { detail: reason });
  const refundRule = deps.kinds[order.kind].fulfiller?.refundRule;
  const record = async (tx: Db) => {
    await refundRule?.claim(tx, order.id);
    await audited(tx);
  };
  const storeRefund = deps.kinds[order.kind].fulfiller?.storeRefund;
  if (storeRefund) {
    // The kind's process refunds (its refunding stage), carried by a new job chain.
    const started = await inTransaction(deps.db, async (tx) => {
      if (!(await storeRefund.start(tx, order.id, reason))) return false;
      await record(tx);
      await queueFulfilment(deps, tx, order.id);
      return true;
    });
    if (!started) throw refused();
    return { message: `Refund of order ${shortId(order.id)} started.` };
  }
  let result: Awaited<ReturnType<typeof refundOrder>>;
  try {
    result = await refundOrder(
      deps,
      order.id,
      (refunded, refundedOrder) =>
        refunded
          ? `Refunded ${formatPrice(refundedOrder.totalCents)} to your original payment method.`
          : 'Our team will refund your payment.',
      record,
    );
  } catch (error) {
    deps.logger.warn({ err: error, orderId: order.id }, 'an admin refund did not reach the payment provider');
    throw new AppError('UNAVAILABLE', 'The payment provider did not answer. The refund stays pending: try again.');
  }
  if (!result) throw refused();
  return {
    message: result.refunded
      ? `Refunded ${formatPrice(order.totalCents)} to the customer.`
      : 'Recorded as refunded: no provider payment to return, refund it by hand.',
  };
}

/** Unlocks and device services still with a supplier well past their guaranteed time (the guarantee job should have acted). */
async function pastGuarantee(deps: AdminDeps, now: Date) {
  const plans = await unlocksDueForGuarantee(deps.db, new Date(now.getTime() - STUCK_MINUTES * 60_000), 50);
  const ids = plans.filter((plan) => plan.deadlineAt !== null).map((plan) => plan.orderId);
  if (ids.length === 0) return [];
  const page = await adminOrderPage(deps.db, { ids }, ids.length);
  return page.orders.map((row) => ({ ...row, reason: 'past_guarantee' as const }));
}

/** Below these balances a provider's account is a line of the day's work. */
const LOW_BALANCE_CENTS = {
  unlock_supplier: SUPPLIER_LOW_CREDIT_CENTS,
  check_provider: CHECK_PROVIDER_LOW_BALANCE_CENTS,
} as const;

/** A provider's account as its last sync read it, for the day's work; null before the first. */
function providerAccount(
  role: keyof typeof LOW_BALANCE_CENTS,
  account: { name: string; balanceCents: number; currency: string; checkedAt: Date } | null,
) {
  if (!account) return null;
  return {
    role,
    name: account.name,
    balance_cents: account.balanceCents,
    currency: account.currency,
    checked_at: account.checkedAt.toISOString(),
    low: account.balanceCents < LOW_BALANCE_CENTS[role],
  };
}

/** The orders each kind says need a person, for reasons of its own. */
async function ofKinds(deps: AdminDeps) {
  const found = (await Promise.all(ORDER_KINDS.map((kind) => deps.kinds[kind].attention?.(50) ?? []))).flat();
  if (found.length === 0) return [];
  const reasons = new Map(found.map((entry) => [entry.orderId, entry.reason]));
  const page = await adminOrderPage(deps.db, { ids: [...reasons.keys()] }, reasons.size);
  return page.orders.flatMap((row) => {
    const reason = reasons.get(row.id);
    return reason ? [{ ...row, reason }] : [];
  });
}

/** The day's work: orders that need a person, today's figures by product line, recent orders. */
export async function overview(deps: AdminDeps, now = new Date()): Promise<Overview> {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [
    found,
    overdue,
    kindsWaiting,
    figures,
    costs,
    recent,
    unsent,
    supplier,
    checks,
    failedJobs,
    lowStock,
    support,
  ] = await Promise.all([
    ordersNeedingAttention(deps.db, now),
    pastGuarantee(deps, now),
    ofKinds(deps),
    orderFiguresSince(deps.db, startOfDay),
    Promise.all(ORDER_KINDS.map((kind) => deps.kinds[kind].costSince?.(startOfDay) ?? null)),
    adminOrderPage(deps.db, {}, 10),
    deps.mailer.undelivered(),
    supplierAccount(deps.db),
    checkProviderAccount(deps.db),
    deps.jobs.failedDeadLetters(new Date(now.getTime() - FAILED_JOBS_DAYS * 86_400_000), 20),
    deps.licenses.lowStock(),
    unansweredSummary(deps.db),
  ]);
  const seen = new Set(found.map((row) => row.id));
  const attention = [...found, ...[...overdue, ...kindsWaiting].filter((row) => !seen.has(row.id) && seen.add(row.id))];
  return {
    attention,
    unsent_mail: unsent,
    today: ORDER_KINDS.filter((kind) => kind !== 'sample' || figures.some((row) => row.kind === kind)).map((kind) => {
      const row = figures.find((found) => found.kind === kind);
      const revenue = row?.revenueCents ?? 0;
      const refunded = row?.refundedCents ?? 0;
      const cost = costs[ORDER_KINDS.indexOf(kind)] ?? null;
      return {
        kind,
        orders: row?.orders ?? 0,
        paid: row?.paid ?? 0,
        revenue_cents: revenue,
        refunded_cents: refunded,
        cost_cents: cost,
        margin_cents: cost === null ? null : revenue - refunded - cost,
      };
    }),
    accounts: [
      providerAccount('unlock_supplier', supplier && { ...supplier, balanceCents: supplier.creditCents }),
      providerAccount('check_provider', checks && { ...checks, currency: 'USD' }),
    ].filter((account) => account !== null),
    low_stock: lowStock,
    support,
    failed_jobs: failedJobs.map((job) => ({
      queue: job.queue,
      order_id: job.orderId,
      failed_at: job.failedAt.toISOString(),
      message: job.message,
    })),
    recent: recent.orders,
  };
}
