import { z } from 'zod';
import { formatPromiseHours } from './delivery-hours.ts';
import {
  ORDER_STATUS_EXPLANATIONS,
  type OrderKind,
  type OrderStatus,
  orderEventSchema,
  orderStatesOf,
} from './order.ts';
import { TEXT_MAX, boundedText } from './text.ts';

// ── The live stream: GET /api/orders/{id}/events (server-sent events) ───────────────────────────

/** The SSE event name of one order event; its `id:` is the event's id, its data the event as JSON. */
export const ORDER_STREAM_EVENT = 'order-event';
/** Seconds between keep-alive comments, under the idle timeouts of common proxies (60 s). */
export const ORDER_STREAM_KEEPALIVE_MS = 25_000;
/** How soon a browser tries a broken stream again (the SSE `retry:` field). */
export const ORDER_STREAM_RETRY_MS = 3_000;
/** While the stream is down the page asks for the order this often instead. */
export const ORDER_POLL_FALLBACK_MS = 10_000;

export const orderStreamEventSchema = orderEventSchema;
export type OrderStreamEvent = z.infer<typeof orderStreamEventSchema>;

/** `Last-Event-ID` as the browser sends it back: the id of the last event it received. */
export function parseLastEventId(header: string | undefined | null): number {
  if (!header || !/^\d{1,15}$/.test(header.trim())) return 0;
  return Number(header.trim());
}

/** Adds events the page has not seen (by id) to those it has, oldest first. */
export function mergeOrderEvents<E extends { id: number }>(known: readonly E[], incoming: readonly E[]): E[] {
  const seen = new Set(known.map((event) => event.id));
  const added = incoming.filter((event) => !seen.has(event.id));
  if (added.length === 0) return [...known];
  return [...known, ...added].sort((a, b) => a.id - b.id);
}

/** 'just now', '12 seconds ago', '3 minutes ago', '2 hours ago': when the page last heard of the order. */
export function lastUpdatedText(now: number, at: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} seconds ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
}

// ── Delivery countdown ─────────────────────────────────────────────────────────────────────────

/** '2 d 4 h', '5 h 12 min', '45 min', 'less than a minute'. */
export function formatRemaining(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  // Beyond a day, the promise's own words (whole hours, then days rounded up), never "2 d 23 h".
  if (hours >= 24) return formatPromiseHours(minutes / 60);
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

export interface DeliveryCountdown {
  /** When the usual delivery time runs out (payment plus the average). */
  readonly averageAt: number;
  /** When the guarantee runs out (payment plus the guaranteed time). */
  readonly guaranteedAt: number;
  /** 0 to 1: how much of the guaranteed time has passed. */
  readonly progress: number;
  /** What the countdown says now. */
  readonly headline: string;
  readonly detail: string;
}

/**
 * Where a running order stands against its delivery promise. `guaranteedBy` is the payment time
 * plus the guaranteed hours (as the order answer carries it); null before payment.
 */
export function deliveryCountdown(
  now: number,
  promise: { readonly averageHours: number; readonly guaranteedHours: number; readonly guaranteedBy: string | null },
): DeliveryCountdown | null {
  if (!promise.guaranteedBy) return null;
  const guaranteedAt = Date.parse(promise.guaranteedBy);
  if (Number.isNaN(guaranteedAt)) return null;
  const paidAt = guaranteedAt - promise.guaranteedHours * 3_600_000;
  const averageAt = paidAt + promise.averageHours * 3_600_000;
  const span = guaranteedAt - paidAt;
  const progress = span > 0 ? Math.min(1, Math.max(0, (now - paidAt) / span)) : 1;
  if (now < averageAt) {
    return {
      averageAt,
      guaranteedAt,
      progress,
      headline: `Usually done in ${formatRemaining(averageAt - now)}`,
      detail: `Guaranteed within ${formatRemaining(guaranteedAt - now)}.`,
    };
  }
  if (now < guaranteedAt) {
    return {
      averageAt,
      guaranteedAt,
      progress,
      headline: `Guaranteed within ${formatRemaining(guaranteedAt - now)}`,
      detail: 'This one is taking longer than usual. It is still within its guaranteed time.',
    };
  }
  return {
    averageAt,
    guaranteedAt,
    progress,
    headline: 'Past the guaranteed time',
    detail: 'We are moving it to another supplier or refunding you in full, without you having to ask.',
  };
}

// ── What to do next ────────────────────────────────────────────────────────────────────────────

export type { NextStep } from './kinds/kind.ts';

// ── Share links: /share/{token} ────────────────────────────────────────────────────────────────

/** The most live share links one order may have at once. */
export const SHARE_LINKS_MAX = 5;
export const SHARE_LINKS_FULL_MESSAGE = `An order can have at most ${SHARE_LINKS_MAX} share links. Revoke one to make another.`;
export const SHARE_LINK_NOT_FOUND_MESSAGE = 'This share link does not exist or was revoked.';

/** Share tokens are base64url text of 24 random bytes (192 bits). */
export const shareTokenSchema = boundedText(TEXT_MAX.token);

export const shareLinkSchema = z.object({
  id: z.string(),
  token: z.string(),
  /** The page's path: /share/{token}. */
  path: z.string(),
  created_at: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinksAnswerSchema = z.object({ links: z.array(shareLinkSchema) });

export { sharedOrderSchema, type SharedOrder } from './order-answer.ts';

/**
 * A shared page tells each step by its state's explanation, never the event's own message: that
 * may quote an unlock result, a refund amount or a supplier's words.
 */
export function sharedEventMessage(status: OrderStatus): string {
  return ORDER_STATUS_EXPLANATIONS[status];
}

// ── The order's progress: its steps, the current one highlighted ──────────────────────────────

export type StepState = 'done' | 'current' | 'upcoming';
export interface ProgressStep {
  readonly status: OrderStatus;
  readonly label: string;
  readonly state: StepState;
}

/** The way an order goes when nothing goes wrong; each kind takes the steps its state table has. */
const HAPPY_PATH: readonly OrderStatus[] = ['pending_payment', 'paid', 'submitted', 'in_progress', 'fulfilled'];

const STEP_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Ordered',
  paid: 'Paid',
  submitted: 'Sent to supplier',
  in_progress: 'In progress',
  fulfilled: 'Done',
  rejected: 'Declined, trying again',
  rerouted: 'Moved to another supplier',
  refund_pending: 'Refunding',
  refunded: 'Refunded',
  failed: 'Could not be done',
  expired: 'Checkout expired',
  cancelled: 'Cancelled',
};

/**
 * The steps to show above the history: the happy path of the order's kind, those it went
 * through done, where it is now current. A detour (declined, moved) stands in for the work
 * step; an ending off the path (refund, failure, expiry) follows the steps it did reach.
 */
export function progressSteps(kind: OrderKind, status: OrderStatus, reached: readonly OrderStatus[]): ProgressStep[] {
  const path = HAPPY_PATH.filter((step) => orderStatesOf(kind).includes(step));
  const at = path.indexOf(status);
  const step = (s: OrderStatus, state: StepState): ProgressStep => ({ status: s, label: STEP_LABELS[s], state });
  if (at >= 0) {
    return path.map((s, i) => step(s, i < at ? 'done' : i === at ? 'current' : 'upcoming'));
  }
  if (status === 'rejected' || status === 'rerouted') {
    const work = Math.max(path.indexOf('in_progress'), path.indexOf('submitted'));
    return path.map((s, i) =>
      i < work ? step(s, 'done') : i === work ? step(status, 'current') : step(s, 'upcoming'),
    );
  }
  const seen = new Set(reached);
  return [...path.filter((s) => seen.has(s)).map((s) => step(s, 'done')), step(status, 'current')];
}
