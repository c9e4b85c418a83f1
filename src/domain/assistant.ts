/**
 * The support assistant (/support/assistant): its request, the lines of its streamed answer, and
 * the words it answers with. It answers from the help articles only and cites them.
 */
import { z } from 'zod';
import { EMAIL_MAX } from './email.ts';
import { type HelpPassage, passageExcerpt } from './help.ts';
import {
  ORDER_STATUS_EXPLANATIONS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderKind,
  ORDER_KINDS,
} from './order.ts';
import { STORE, SUPPORT_ANSWER_HOURS } from './store-config.ts';
import { TEXT_MAX, boundedText } from './text.ts';

export const ASSISTANT_MESSAGES = {
  empty: 'Type a question first.',
  tooLong: `Keep your question under ${TEXT_MAX.note} characters.`,
} as const;

/** POST /api/support/assistant. */
export const assistantRequestSchema = z.object({
  message: boundedText(TEXT_MAX.note, { error: ASSISTANT_MESSAGES.empty, tooLong: ASSISTANT_MESSAGES.tooLong })
    .trim()
    .min(1, ASSISTANT_MESSAGES.empty),
});
export type AssistantRequest = z.infer<typeof assistantRequestSchema>;

/** An article section an answer came from. */
export const assistantSourceSchema = z.object({
  title: z.string(),
  heading: z.string(),
  href: z.string(),
});
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

/** An order the assistant found for an id and its email: its state, never its details. */
export const assistantOrderSchema = z.object({
  short_id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  status_label: z.string(),
  explanation: z.string(),
  created_at: z.string(),
});
export type AssistantOrder = z.infer<typeof assistantOrderSchema>;

/**
 * The answer arrives as JSON lines (application/x-ndjson): the sources first, then the text in
 * pieces as it is written, an order when one was looked up, and `done` (or `error`) last.
 */
export const assistantEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sources'), sources: z.array(assistantSourceSchema) }),
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('order'), order: assistantOrderSchema }),
  z.object({ type: z.literal('done'), mode: z.enum(['articles', 'model']) }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type AssistantEvent = z.infer<typeof assistantEventSchema>;

export const ASSISTANT_TEXTS = {
  title: 'Support assistant',
  lead: 'Ask about unlocking, travel eSIMs or an order. Answers come from our help articles, with a link to each one used.',
  welcome:
    "Hi! Ask me anything about carrier unlocks or travel eSIMs. To check an order, send its order ID (8 characters like 'a1b2c3d4') and the email you used.",
  inputLabel: 'Your question',
  placeholder: 'e.g. How long does an unlock take?',
  send: 'Send',
  sourcesLabel: 'Source',
  thinking: 'Looking through our help articles…',
  dontKnow: `I don't know the answer to that from our help articles. Try other words, browse the Help Center, or write to a person from the Help Center or at ${STORE.supportEmail}: we answer within ${SUPPORT_ANSWER_HOURS} hours.`,
  fromArticle: (heading: string, title: string) => `From “${heading}” (${title}):`,
  askForOrder:
    "To look up an order, send its order ID (8 characters like 'a1b2c3d4') together with the email you used for it, in one message.",
  needEmail:
    "Thanks! Now send the order ID again together with the email you used for the order, so I can check it's yours.",
  needOrderId:
    "Thanks! Now send the email again together with the order ID (8 characters like 'a1b2c3d4') from your confirmation email.",
  imeiLookup: 'I look orders up by order ID. To find an order by IMEI, use Track Order.',
  orderNotFound:
    'I could not find an order with that ID and email. Check both against your confirmation email, or use Track Order.',
  orderFound: (order: AssistantOrder) => `Order #${order.short_id}: ${order.status_label}. ${order.explanation}`,
  failed: 'The assistant could not answer just now. Please try again in a moment.',
} as const;

/** The answer of a passage without a model: where it comes from, then its opening. */
export function passageAnswer(passage: Pick<HelpPassage, 'heading' | 'articleTitle' | 'text'>): string {
  return `${ASSISTANT_TEXTS.fromArticle(passage.heading, passage.articleTitle)}\n\n${passageExcerpt(passage.text, 900)}`;
}

export function assistantOrder(order: {
  readonly id: string;
  readonly kind: OrderKind;
  readonly status: (typeof ORDER_STATUSES)[number];
  readonly createdAt: Date | string;
}): AssistantOrder {
  return {
    short_id: order.id.replace(/-/g, '').slice(0, 8).toLowerCase(),
    kind: order.kind,
    status: order.status,
    status_label: ORDER_STATUS_LABELS[order.status],
    explanation: ORDER_STATUS_EXPLANATIONS[order.status],
    created_at: new Date(order.createdAt).toISOString(),
  };
}

const EMAIL_IN_TEXT = new RegExp(`[^\\s@<>(),;:"']{1,64}@[^\\s@<>(),;:"']{1,${EMAIL_MAX}}\\.[a-z]{2,}`, 'i');
const UUID_IN_TEXT = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const IMEI_IN_TEXT = /(?<![\d-])\d{14,17}(?![\d-])/;
// A short id is 8 hex characters with at least one digit ("a1b2c3d4"), so words like "deadbeef" stay words.
const SHORT_ID_IN_TEXT = /(?<![0-9a-z-])#?(?=[a-f]*\d)[0-9a-f]{8}(?![0-9a-z-])/i;
const ORDER_WORDS =
  /\b(my order|an order|order status|status of (my|an|the) order|track(ing)? (my |an |the )?order|where is my|order id)\b/i;

/** What of an order lookup a chat message carries: an email, an order reference, and whether it asks about an order. */
export function orderLookupInMessage(message: string): {
  readonly email: string | null;
  readonly reference: string | null;
  readonly asksAboutOrder: boolean;
} {
  const email = EMAIL_IN_TEXT.exec(message)?.[0].replace(/[.]+$/, '') ?? null;
  const rest = email ? message.replace(email, ' ') : message;
  const reference =
    UUID_IN_TEXT.exec(rest)?.[0] ??
    IMEI_IN_TEXT.exec(rest)?.[0] ??
    SHORT_ID_IN_TEXT.exec(rest)?.[0].replace('#', '') ??
    null;
  return { email, reference, asksAboutOrder: ORDER_WORDS.test(message) };
}
