import { z } from 'zod';
import { emailSchema } from './email.ts';
import { STORE, SUPPORT_ANSWER_HOURS, SUPPORT_CLAIM, SUPPORT_PROMISE } from './store-config.ts';
import { boundedText, TEXT_MAX } from './text.ts';

// Support conversations (issue 44 §5): a customer's question, tied to an order or to none, answered
// by a person from the admin inbox, followed on its page and by email.

export { SUPPORT_ANSWER_HOURS, SUPPORT_CLAIM, SUPPORT_PROMISE };

/** One message: long enough for any account of a problem, far below what a database minds. */
export const SUPPORT_MESSAGE_MAX = 5000;

export const CONVERSATION_STATUSES = ['waiting', 'answered', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const CONVERSATION_STATUS_LABELS: Record<ConversationStatus, string> = {
  waiting: 'Waiting for our answer',
  answered: 'Answered',
  closed: 'Closed',
};

export const MESSAGE_AUTHORS = ['customer', 'team'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];
export const MESSAGE_CHANNELS = ['web', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const SUPPORT_TEXTS = {
  empty: 'Write your question.',
  started: 'Message sent. We emailed you a link to this conversation; reply to that email or here.',
  replied: 'Message sent.',
  answered: 'Answer sent to the customer.',
  closed: 'Conversation closed.',
  notFound: 'Conversation not found.',
  orderNotFound: 'Order not found. Open this form from the order’s own page.',
  emailNeeded: 'Enter the email address we should answer.',
} as const;

const messageText = boundedText(SUPPORT_MESSAGE_MAX)
  .trim()
  .refine((text) => text.length > 0, { message: SUPPORT_TEXTS.empty });

/**
 * A new conversation. With `order_id`, the order's page opened it: the order's own access (its
 * token or the signed-in owner) proves it, and the answer goes to the order's address, so `email`
 * is not needed; without, `email` is where the answer goes.
 */
export const startConversationSchema = z.object({
  message: messageText,
  email: emailSchema.optional(),
  order_id: boundedText(TEXT_MAX.name).optional(),
  token: boundedText(TEXT_MAX.token).optional(),
});
export type StartConversation = z.infer<typeof startConversationSchema>;

export const customerReplySchema = z.object({ message: messageText });
export const teamReplySchema = z.object({ message: messageText, close: z.boolean().default(false) });

const messageSchema = z.object({
  author: z.enum(MESSAGE_AUTHORS),
  text: z.string(),
  at: z.string(),
  via: z.enum(MESSAGE_CHANNELS),
});
export type SupportMessage = z.infer<typeof messageSchema>;

const orderRefSchema = z.object({ id: z.string(), short_id: z.string() });

/** A conversation as its customer sees it. */
export const conversationAnswerSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  created_at: z.string(),
  order: orderRefSchema.nullable(),
  messages: z.array(messageSchema),
});
export type ConversationAnswer = z.infer<typeof conversationAnswerSchema>;

/** What a customer's reply answers: a sentence for the toast. */
export const supportActionAnswerSchema = z.object({ message: z.string() });

export const startedConversationSchema = z.object({ id: z.string(), url: z.string(), message: z.string() });
export type StartedConversation = z.infer<typeof startedConversationSchema>;

/** The conversations a customer may open: of one order (its page) or of their account. */
export const conversationListSchema = z.object({
  conversations: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      status: z.enum(CONVERSATION_STATUSES),
      created_at: z.string(),
      updated_at: z.string(),
      url: z.string(),
      order: orderRefSchema.nullable(),
    }),
  ),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** The order's facts as they were when the customer wrote (the admin inbox shows them beside the question). */
export const orderFactsSchema = z.object({
  title: z.string(),
  kind: z.string(),
  status: z.string(),
  total_cents: z.number().int(),
  placed_at: z.string(),
});
export type OrderFacts = z.infer<typeof orderFactsSchema>;

export const SUPPORT_VIEWS = ['open', 'all'] as const;
export const adminConversationQuerySchema = z.object({
  view: z.enum(SUPPORT_VIEWS).default('open'),
  /** One conversation (the order timeline's link), whatever its state. */
  id: boundedText(TEXT_MAX.name).optional(),
});

export const adminConversationSchema = conversationAnswerSchema.extend({
  email: z.string(),
  facts: orderFactsSchema.nullable(),
  /** Since when the customer waits for an answer; null when answered or closed. */
  waiting_since: z.string().nullable(),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;
export const adminConversationListSchema = z.object({ conversations: z.array(adminConversationSchema) });
export type AdminConversationList = z.infer<typeof adminConversationListSchema>;

/** The overview's line: the oldest question still waiting, against the promise. */
export const unansweredSummarySchema = z.object({
  waiting: z.number().int(),
  oldest_waiting_since: z.string().nullable(),
  promise_hours: z.number().int(),
});
export type UnansweredSummary = z.infer<typeof unansweredSummarySchema>;

// ── Replies by email ──────────────────────────────────────────────────────────────────────────

const [SUPPORT_LOCAL, SUPPORT_DOMAIN] = STORE.supportEmail.split('@') as [string, string];
const REPLY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** The address a conversation's emails are answered to: the support mailbox, tagged with its key. */
export function supportReplyAddress(replyKey: string): string {
  return `${SUPPORT_LOCAL}+${replyKey}@${SUPPORT_DOMAIN}`;
}

/** The conversation key an incoming message was sent to, or null for any other address. */
export function replyKeyOf(address: string): string | null {
  const match = /^([^@+]+)\+([^@]+)@(.+)$/.exec(address.trim());
  if (!match || match[1]?.toLowerCase() !== SUPPORT_LOCAL || match[3]?.toLowerCase() !== SUPPORT_DOMAIN) return null;
  const key = match[2] ?? '';
  return REPLY_KEY.test(key) ? key : null;
}

/** Whether an address is the support mailbox itself (an email to it starts a conversation). */
export function isSupportAddress(address: string): boolean {
  return address.trim().toLowerCase() === STORE.supportEmail;
}

/** Where the quoted history of a reply starts: "On … wrote:", an "Original Message" rule or a "From:" header block. */
const QUOTE_START = [/^On .+wrote:\s*$/i, /^-{2,}\s*Original Message\s*-{2,}/i, /^_{5,}\s*$/, /^From: .+/];

/**
 * What the customer wrote in an email reply, without the quoted history below it: the lines before
 * the first quote marker, with `>` lines and a trailing signature rule (`-- `) left out.
 */
export function replyText(body: string): string {
  const kept: string[] = [];
  for (const line of body.replaceAll('\r\n', '\n').split('\n')) {
    if (QUOTE_START.some((pattern) => pattern.test(line.trim())) || line === '-- ') break;
    if (line.trimStart().startsWith('>')) continue;
    kept.push(line);
  }
  return kept.join('\n').trim();
}

/**
 * An incoming message as the mail provider posts it (Postmark's inbound webhook: the fields the store
 * reads). Bounded like every request; the text is cut to one message's length after the quote is gone.
 */
export const inboundEmailSchema = z.object({
  MessageID: boundedText(TEXT_MAX.token),
  FromFull: z.object({ Email: boundedText(TEXT_MAX.url) }),
  ToFull: z.array(z.object({ Email: boundedText(TEXT_MAX.url) })).max(50),
  OriginalRecipient: boundedText(TEXT_MAX.url).optional(),
  Subject: boundedText(TEXT_MAX.url).optional(),
  TextBody: boundedText(200_000).optional(),
  StrippedTextReply: boundedText(200_000).optional(),
});
export type InboundEmail = z.infer<typeof inboundEmailSchema>;

// ── Emails ────────────────────────────────────────────────────────────────────────────────────

/**
 * The store's emails about a conversation. The first goes to an address nobody may have proven, so
 * it carries only the store's words and the link, never what was typed (ADR 023); an answer carries
 * the team's words. Each ends with how to go on: reply to the email, or open the link.
 */
export const SUPPORT_MAIL = {
  startedSubject: (reference: string) => `We received your message (${reference})`,
  started: (reference: string, url: string) =>
    [
      `Thank you for writing to ${STORE.name}. ${SUPPORT_PROMISE}`,
      `Your conversation ${reference}, with everything written so far: ${url}`,
      'Reply to this email to add to it.',
      'If you did not write to us, you can ignore this message.',
    ].join('\n\n'),
  answerSubject: (reference: string) => `Our answer to your message (${reference})`,
  answer: (reference: string, text: string, url: string, closed: boolean) =>
    [
      text,
      `— ${STORE.name} support`,
      closed
        ? `We have closed conversation ${reference}. Reply to this email or write on its page if you need more: ${url}`
        : `Reply to this email, or write on the conversation's page: ${url}`,
    ].join('\n\n'),
} as const;
