import { z } from 'zod';
import { EMAIL_MAX } from './email.ts';
import { unansweredSummarySchema } from './support-conversations.ts';
import {
  ORDER_KINDS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderKind,
  type OrderStatus,
  PAYABLE_STATUSES,
} from './order.ts';
import { boundedText, columnInteger, TEXT_MAX } from './text.ts';
import { SUPPLIER_ERRORS_BEFORE_ATTENTION } from './unlock-process.ts';

/** The admin area's pages (spec section 2 names /admin, /admin/auto-linker, /admin/aliases, /admin/pricing). */
export const ADMIN_PAGES = {
  overview: '/admin',
  orders: '/admin/orders',
  aliases: '/admin/aliases',
  autoLinker: '/admin/auto-linker',
  pricing: '/admin/pricing',
  coupons: '/admin/coupons',
  licenses: '/admin/licenses',
  users: '/admin/users',
  inbox: '/admin/inbox',
  audit: '/admin/audit',
} as const;

export const adminOrderHref = (id: string) => `${ADMIN_PAGES.orders}/${id}`;
/** The inbox's support tab; with an id, that one conversation whatever its state. */
export const supportInboxHref = (conversationId?: string) =>
  `${ADMIN_PAGES.inbox}?tab=support${conversationId ? `&conversation=${conversationId}` : ''}`;

/** How many rows one page of an admin list holds at most, and by default. */
export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 50;

/** The product lines as the admin area names them. */
export const ORDER_KIND_NAMES: Record<OrderKind, string> = {
  esim: 'eSIM',
  unlock: 'Carrier unlock',
  check: 'Device check',
  device_service: 'iCloud/FRP service',
  license: 'Digital license',
  sample: 'Sample (tests)',
};

/**
 * A keyset cursor: the (created_at, id) of the last row shown, as `<ISO time>_<id>`. The next page
 * is the rows strictly older than it, so pages never skip or repeat a row while orders arrive.
 */
const cursorSchema = boundedText(TEXT_MAX.token).regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z_[0-9a-f-]{36}$/, {
  message: 'Not a list position this store gave out.',
});

export function encodeCursor(createdAt: string, id: string): string {
  return `${createdAt}_${id}`;
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const at = cursor.indexOf('_');
  return { createdAt: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

const dayOrTime = boundedText(40).refine((text) => !Number.isNaN(Date.parse(text)), {
  message: 'Use a date such as 2026-11-25.',
});

/** Filters of the admin order list; every one optional, combined with AND. */
export const adminOrderQuerySchema = z.object({
  kind: z.enum(ORDER_KINDS).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Placed on or after this day (or time), and before the end of the `to` day. */
  from: dayOrTime.optional(),
  to: dayOrTime.optional(),
  email: boundedText(EMAIL_MAX).trim().toLowerCase().optional(),
  /** A device's IMEI or serial number: orders of every kind that know devices. */
  imei: boundedText(TEXT_MAX.name).trim().optional(),
  /** The order number customers see (its first 8 characters) or the whole id. */
  number: boundedText(36)
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f-]+$/, { message: 'An order number has the letters a-f and digits only.' })
    .optional(),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  email: z.string(),
  total_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  title: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  /** The cursor of the next page; null on the last one. */
  next: z.string().nullable(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** What an admin can do to an order (each an intent of the order core, ADR 072). */
export const ADMIN_ORDER_ACTIONS = ['refund', 'retry', 'reroute', 'note', 'resend_email'] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

export const ADMIN_ACTION_LABELS: Record<AdminOrderAction, string> = {
  refund: 'Refund',
  retry: 'Retry fulfilment',
  reroute: 'Move to the next supplier service',
  note: 'Add a note',
  resend_email: 'Resend email',
};

export const ADMIN_REASON_MAX = 500;

export const adminOrderActionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('refund'),
    reason: boundedText(ADMIN_REASON_MAX, { error: 'Say why the order is refunded.' })
      .trim()
      .min(3, { message: 'Say why the order is refunded (at least 3 characters).' }),
  }),
  z.object({ action: z.literal('retry') }),
  z.object({ action: z.literal('reroute') }),
  z.object({
    action: z.literal('note'),
    text: boundedText(TEXT_MAX.note, { error: 'Write the note.' }).trim().min(1, { message: 'Write the note.' }),
    /** Shown in the customer's order history when true; kept in the admin timeline only when false. */
    customer_visible: z.boolean(),
  }),
  z.object({ action: z.literal('resend_email'), mail_id: columnInteger(1) }),
]);
export type AdminOrderActionRequest = z.infer<typeof adminOrderActionSchema>;

/** What the server says when an action is refused because of where the order stands. */
export const ADMIN_ACTION_REFUSALS = {
  refund: 'This order cannot be refunded from where it stands (not paid, already refunded, or done by the supplier).',
  retry: 'There is nothing to retry: the order is not waiting on its fulfilment.',
  reroute:
    'This order cannot move to another supplier service: it is not with a supplier, or no other service is left.',
  resend_email: 'That email was not sent for this order.',
} as const;

/** The facts about an order that decide which actions it offers. */
export interface AdminActionFacts {
  readonly status: OrderStatus;
  /** The store may refund it now: paid, not refunded, and its process allows a refund. */
  readonly refundable: boolean;
  /** Its kind delivers through a fulfilment chain. */
  readonly hasFulfiller: boolean;
  /** It has emails to resend. */
  readonly hasEmails: boolean;
  /** It is with a supplier and its plan has another supplier service to move to. */
  readonly reroutable: boolean;
}

/** What else decides why an action is not offered (issue 44: the admin sees why). */
export interface AdminActionContext {
  /** The payment was refunded already. */
  readonly refunded: boolean;
  /** The kind's own reason it may not be refunded now (a license: when its key was revealed). */
  readonly refundRefusal: string | null;
  /** The kind moves orders between supplier services at all. */
  readonly canReroute: boolean;
}

const WITH_SUPPLIER: readonly OrderStatus[] = ['submitted', 'in_progress', 'rejected', 'rerouted'];

/** Why each action the page would show is not offered for this order, in the order the page lists them. */
export function adminActionsNotOffered(
  facts: AdminActionFacts & AdminActionContext,
): { readonly action: AdminOrderAction; readonly reason: string }[] {
  const offered = adminActionsFor(facts);
  const reasons: { action: AdminOrderAction; reason: string }[] = [];
  if (facts.hasFulfiller && !offered.includes('retry')) {
    reasons.push({
      action: 'retry',
      reason: `Nothing to retry: the order is ${ORDER_STATUS_LABELS[facts.status].toLowerCase()}.`,
    });
  }
  if (facts.canReroute && !offered.includes('reroute')) {
    reasons.push({
      action: 'reroute',
      reason: WITH_SUPPLIER.includes(facts.status)
        ? 'No other supplier service is left in its plan.'
        : 'It is not with a supplier.',
    });
  }
  if (!offered.includes('refund')) {
    reasons.push({
      action: 'refund',
      reason: facts.refunded
        ? 'Refunded already.'
        : PAYABLE_STATUSES.includes(facts.status)
          ? 'Not paid: nothing was charged.'
          : (facts.refundRefusal ??
            (facts.status === 'fulfilled'
              ? 'Delivered: the supplier did the work, so it is not refunded from here.'
              : ADMIN_ACTION_REFUSALS.refund)),
    });
  }
  return reasons;
}

/** States in which an order still waits on its fulfilment chain (delivery, supplier, or refund). */
export const RETRYABLE_STATUSES: readonly OrderStatus[] = [
  'paid',
  'submitted',
  'in_progress',
  'rejected',
  'rerouted',
  'refund_pending',
];

/** The actions an order offers; the server refuses any other for it. */
export function adminActionsFor(facts: AdminActionFacts): AdminOrderAction[] {
  const actions: AdminOrderAction[] = [];
  if (facts.refundable) actions.push('refund');
  if (facts.hasFulfiller && RETRYABLE_STATUSES.includes(facts.status)) actions.push('retry');
  if (facts.reroutable) actions.push('reroute');
  actions.push('note');
  if (facts.hasEmails) actions.push('resend_email');
  return actions;
}

/** One line of an order's timeline in the admin area: newest first, each with who did it. */
export const timelineEntrySchema = z.object({
  at: z.string(),
  type: z.enum(['state', 'audit', 'email', 'supplier', 'payment', 'support']),
  /** 'Customer', 'Store' (the store's own processes) or the admin's email. */
  actor: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  status: z.enum(ORDER_STATUSES).nullable(),
  /** The outbox message of an email entry (for resend). */
  mail_id: z.number().int().nullable(),
  /** The support conversation a support entry opens in the inbox. */
  conversation_id: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const adminOrderDetailSchema = z.object({
  order: adminOrderRowSchema.extend({
    subtotal_cents: z.number().int(),
    discount_cents: z.number().int(),
    coupon_code: z.string().nullable(),
    payment_provider: z.string().nullable(),
    payment_ref: z.string().nullable(),
    refund_ref: z.string().nullable(),
    user_id: z.string().nullable(),
  }),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), unit_price_cents: z.number().int() })),
  actions: z.array(z.enum(ADMIN_ORDER_ACTIONS)),
  /** Why the page's other actions are not offered now (adminActionsNotOffered). */
  not_offered: z.array(z.object({ action: z.enum(ADMIN_ORDER_ACTIONS), reason: z.string() })),
  timeline: z.array(timelineEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** The answer to an action: what happened, in a sentence for the toast. */
export const adminActionAnswerSchema = z.object({ message: z.string() });

/** The audit log's filters. */
export const auditQuerySchema = z.object({
  actor: boundedText(EMAIL_MAX).trim().toLowerCase().optional(),
  action: boundedText(TEXT_MAX.name).trim().optional(),
  record: boundedText(TEXT_MAX.token).trim().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  record_type: z.string(),
  record_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export const auditPageSchema = z.object({ events: z.array(auditEventSchema), next: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The audit actions the store writes, with how the admin area names them. */
export const AUDIT_ACTIONS = {
  'order.refund': 'Refunded an order',
  'order.retry': 'Retried fulfilment',
  'order.reroute': 'Moved to the next supplier service',
  'order.note': 'Added a note',
  'order.resend_email': 'Resent an email',
  'coupon.create': 'Created a coupon',
  'coupon.update': 'Changed a coupon',
  'alias.add': 'Added an alias',
  'alias.edit': 'Changed an alias',
  'alias.remove': 'Removed an alias',
  'user.grant_admin': 'Made an admin',
  'user.revoke_admin': 'Took the admin role',
  'catalog.sync': 'Synced the supplier catalogue',
  'bug_report.status': 'Moved a bug report',
  'service_request.status': 'Moved a service request',
  'mail.resend': 'Resent an email',
  'support.answer': 'Answered a support conversation',
  'support.close': 'Closed a support conversation',
  'link.accept': 'Linked a supplier service',
  'link.correct': 'Linked a supplier service by hand',
  'link.reject': 'Rejected a supplier service',
  'link.reopen': 'Sent a supplier service back to waiting',
  'pricing.sku': 'Changed a SKU',
  'pricing.rule': 'Changed the pricing rule',
  'pricing.esim': 'Changed an eSIM package’s price',
  'pricing.product': 'Changed a device check’s or service’s price',
  'licenses.import': 'Imported license keys',
  'licenses.show': 'Looked at a license key',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Below this credit (in the account's currency) the supplier sync warns and the day's work says so: orders fail once it runs out. */
export const SUPPLIER_LOW_CREDIT_CENTS = 5_000;
/** Below this balance the check provider's sync warns and the day's work says so: paid checks fail once it runs out. */
export const CHECK_PROVIDER_LOW_BALANCE_CENTS = 2_000;

export const PROVIDER_ROLES = ['unlock_supplier', 'check_provider'] as const;
export const PROVIDER_ROLE_NAMES = {
  unlock_supplier: 'The unlock supplier',
  check_provider: 'The check provider',
} as const satisfies Record<(typeof PROVIDER_ROLES)[number], string>;
/** How far back the day's work looks for jobs that failed for good. */
export const FAILED_JOBS_DAYS = 7;

/** The day's work: what needs a person first, then today's figures by product line. */
export const ATTENTION_REASONS = {
  stalled: 'Fulfilment overdue: its job chain has not run when due',
  past_guarantee: 'Past its guaranteed time for over 15 minutes, still with a supplier',
  refund_pending: 'Refund pending for over 15 minutes',
  failed_unrefunded: 'Failed and not refunded',
  rejected: 'Declined by the supplier, waiting for the next step',
  waiting_for_stock: 'Paid, waiting for license stock: import keys, or it is refunded after 48 hours',
  supplier_account: 'The supplier refused our account (credit or credentials): put it right there, then retry',
  supplier_unreachable: `The supplier has failed ${SUPPLIER_ERRORS_BEFORE_ATTENTION} calls in a row: it is tried again by itself, or retry now`,
} as const;
export type AttentionReason = keyof typeof ATTENTION_REASONS;

export const overviewSchema = z.object({
  attention: z.array(
    adminOrderRowSchema.extend({ reason: z.enum(Object.keys(ATTENTION_REASONS) as [AttentionReason]) }),
  ),
  unsent_mail: z.number().int(),
  today: z.array(
    z.object({
      kind: z.enum(ORDER_KINDS),
      orders: z.number().int(),
      paid: z.number().int(),
      revenue_cents: z.number().int(),
      refunded_cents: z.number().int(),
      /** What they cost the store (suppliers, eSIM net cost); null where the store does not know it. */
      cost_cents: z.number().int().nullable(),
      /** Takings less refunds and cost; null without a cost. */
      margin_cents: z.number().int().nullable(),
    }),
  ),
  /** The unlock supplier's and the check provider's accounts as their last syncs read them (none before the first). */
  accounts: z.array(
    z.object({
      role: z.enum(PROVIDER_ROLES),
      name: z.string(),
      balance_cents: z.number().int(),
      currency: z.string(),
      checked_at: z.string(),
      low: z.boolean(),
    }),
  ),
  /** Support questions waiting for a person, and since when the oldest waits (ADR 109). */
  support: unansweredSummarySchema,
  /** Licenses on sale with few keys or none left: import keys before orders wait (ADR 079). */
  low_stock: z.array(z.object({ slug: z.string(), name: z.string(), available: z.number().int() })),
  /** Dead letters whose handler failed for good this week: orders neither fulfilled nor given up. */
  failed_jobs: z.array(
    z.object({
      queue: z.string(),
      order_id: z.string().nullable(),
      failed_at: z.string(),
      message: z.string().nullable(),
    }),
  ),
  recent: z.array(adminOrderRowSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
