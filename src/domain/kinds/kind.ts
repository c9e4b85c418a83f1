import { ORDER_STATUS_EXPLANATIONS, type OrderStatus } from '../order.ts';
import { orderHref } from '../site-map.ts';

/** One thing the customer does once an order is done: a line and, often, where to do it. */
export interface NextStep {
  readonly text: string;
  readonly link?: { readonly href: string; readonly label: string };
}

/**
 * What the rest of the store needs to know of one kind of order to show it, in any layer (ADR 068):
 * the domain part of the kind registry. Shared code asks `orderKind(kind)` and never branches on the kind.
 */
export interface OrderKindPresentation {
  /** What customers call an order of this kind, in emails and lists ('carrier unlock'). */
  readonly noun: string;
  /**
   * Whether a paid order gets an "order confirmed" email. An eSIM is issued seconds after payment
   * and its "eSIM ready" email is the receipt: a confirmation just before it would be noise.
   */
  readonly confirmedEmail: boolean;
  /** Where the order is followed, with its access token (the link its emails carry). */
  pageHref(orderId: string, token?: string | null): string;
  /** The order page's headline in a state; `label` is the state's short name. */
  headline(status: OrderStatus, label: string): string;
  /** What the state means for the customer, under the headline (`total`: the amount, formatted). */
  statusDetail(order: { readonly status: OrderStatus; readonly refunded: boolean }, total: string): string;
  /** What a share link of the order shows, as its owner's share card says. */
  readonly sharedSummary: string;
  /** What the customer does once the order is done; empty while nothing is asked of them. */
  nextSteps(
    order: { readonly id: string; readonly status: OrderStatus },
    options: { readonly token: string | null; readonly brand?: string | null },
  ): NextStep[];
}

export const SHARED_SUMMARY =
  'Anyone with a share link sees the order’s state, history and delivery estimate, with the IMEI masked. Never your email, an unlock code or your payment.';

/** A kind shown the plain way: its order page, the state's own name and explanation, nothing to do after. */
export function plainKind(noun: string, overrides: Partial<OrderKindPresentation> = {}): OrderKindPresentation {
  return {
    noun,
    confirmedEmail: true,
    pageHref: (orderId, token) => orderHref(orderId, token ?? undefined),
    headline: (_status, label) => label,
    statusDetail: (order) => ORDER_STATUS_EXPLANATIONS[order.status],
    sharedSummary: SHARED_SUMMARY,
    nextSteps: () => [],
    ...overrides,
  };
}
