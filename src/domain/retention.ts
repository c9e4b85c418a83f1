/**
 * How long the store keeps each kind of record: one table read by the retention job, which
 * deletes what is older, and by the privacy page, which tells the customer (its `{{keep…}}`
 * placeholders). A period changes here, and both follow.
 */
export interface RetentionPeriod {
  /** Days after its start (the record's creation, a session's expiry) until it is deleted. */
  readonly days: number;
  /** As the privacy page says it. */
  readonly label: string;
}

export const RETENTION = {
  /** Orders with their items, steps, payments, refunds, phone details and emails (tax and accounting law). */
  orders: { days: 7 * 365 + 2, label: '7 years after the order' },
  /** Quotes never turned into an order. */
  quotes: { days: 90, label: '90 days' },
  /** A sign-in session, after it expired (7 days after the last visit) or was signed out. */
  sessions: { days: 0, label: 'Until you sign out, or 7 days after your last visit' },
  /** Copies of the emails sent. */
  sentMail: { days: 2 * 365 + 1, label: '2 years' },
  bugReports: { days: 365, label: '12 months after the report' },
  serviceRequests: { days: 365, label: '12 months after the request' },
  /** Support conversations with their messages, after the last one (those of an order go with it sooner). */
  supportConversations: { days: 2 * 365 + 1, label: '2 years after the last message' },
  /** Payment provider events already handled (a replay older than this is answered by the order's own state). */
  paymentEvents: { days: 30, label: '30 days' },
  /** The sandbox provider's sessions and their events, after the session ran out (no money moves in them). */
  sandboxPayments: { days: 90, label: '90 days after the checkout' },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionKind = keyof typeof RETENTION;

/** Records whose start is before this are deleted. */
export function retentionCutoff(kind: RetentionKind, now: Date): Date {
  return new Date(now.getTime() - RETENTION[kind].days * 86_400_000);
}

/** The privacy page's placeholders: `{{keepOrders}}` and so on. */
export const RETENTION_FACTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(RETENTION).map(([kind, period]) => [`keep${kind[0]?.toUpperCase()}${kind.slice(1)}`, period.label]),
);
