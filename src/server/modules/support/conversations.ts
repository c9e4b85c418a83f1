import { randomBytes, randomUUID } from 'node:crypto';
import { emailSchema } from '../../../domain/email.ts';
import { shortId } from '../../../domain/short-id.ts';
import { conversationHref } from '../../../domain/site-map.ts';
import {
  type AdminConversation,
  type ConversationAnswer,
  type ConversationList,
  type ConversationStatus,
  type InboundEmail,
  type OrderFacts,
  isSupportAddress,
  replyKeyOf,
  replyText,
  SUPPORT_MAIL,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TEXTS,
  supportReplyAddress,
  type UnansweredSummary,
  SUPPORT_ANSWER_HOURS,
} from '../../../domain/support-conversations.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../mail/service.ts';
import { orderForViewer, orderItems, type Order } from '../orders/service.ts';
import * as repo from './repo-conversations.ts';
import { sameSecret } from '../../same-secret.ts';

export interface SupportDeps {
  readonly db: Db;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  readonly logger: Logger;
}

/** Who opens a conversation's page: its link's token, its signed-in owner, or an admin. */
export interface ConversationViewer {
  readonly token?: string;
  readonly userId?: string | null;
  readonly admin?: boolean;
}

/** An email that started a conversation already, posted again. */
class DuplicateEmail extends Error {}

const ADMIN_LIST_LIMIT = 100;
const ACCOUNT_LIST_LIMIT = 50;
const newSecret = () => randomBytes(18).toString('base64url');

const reference = (id: string) => `S-${shortId(id)}`;
const pageUrl = (deps: Pick<SupportDeps, 'publicUrl'>, row: repo.ConversationRow) =>
  new URL(conversationHref(row.id, row.accessToken), deps.publicUrl).toString();

async function orderFacts(db: Db, order: Order): Promise<OrderFacts> {
  const items = await orderItems(db, order.id);
  const first = items[0]?.name ?? 'Order';
  return {
    title: items.length > 1 ? `${first} and ${items.length - 1} more` : first,
    kind: order.kind,
    status: order.status,
    total_cents: order.totalCents,
    placed_at: new Date(order.createdAt).toISOString(),
  };
}

/**
 * Opens a conversation with its first message. Of an order, only for whoever may see the order (its
 * token or its signed-in owner), answered at the order's address with its facts kept beside; of
 * none, at the address given (or the signed-in customer's). The confirmation is sent once.
 */
export async function startConversation(
  deps: SupportDeps,
  input: { message: string; email?: string; orderId?: string; token?: string; emailMessageId?: string },
  viewer: { userId: string | null; email: string | null },
): Promise<{ id: string; url: string }> {
  let order: Order | null = null;
  if (input.orderId) {
    order = await orderForViewer(deps.db, input.orderId.toLowerCase(), {
      token: input.token,
      userId: viewer.userId,
    });
    if (!order) throw new AppError('NOT_FOUND', SUPPORT_TEXTS.orderNotFound);
  }
  const email = order?.email ?? input.email ?? viewer.email;
  if (!email)
    throw new AppError('VALIDATION_FAILED', SUPPORT_TEXTS.emailNeeded, { email: [SUPPORT_TEXTS.emailNeeded] });
  const now = new Date();
  const row: repo.ConversationRow = {
    id: randomUUID(),
    orderId: order?.id ?? null,
    userId: viewer.userId ?? order?.userId ?? null,
    email: email.toLowerCase(),
    accessToken: newSecret(),
    replyKey: newSecret(),
    status: 'waiting',
    facts: order ? await orderFacts(deps.db, order) : null,
    waitingSince: now,
    createdAt: now,
    updatedAt: now,
  };
  await inTransaction(deps.db, async (tx) => {
    await repo.insertConversation(tx, row);
    const first = {
      conversationId: row.id,
      author: 'customer' as const,
      body: input.message,
      via: input.emailMessageId ? ('email' as const) : ('web' as const),
      emailMessageId: input.emailMessageId ?? null,
    };
    // A replayed email that started a conversation already starts none: the whole step is undone.
    if (!(await repo.insertMessage(tx, first, 'waiting', now))) throw new DuplicateEmail();
  });
  const url = pageUrl(deps, row);
  await deps.mailer.send(
    {
      to: row.email,
      subject: SUPPORT_MAIL.startedSubject(reference(row.id)),
      text: SUPPORT_MAIL.started(reference(row.id), url),
      headers: { 'Reply-To': supportReplyAddress(row.replyKey) },
    },
    { onceKey: `support:${row.id}:started` },
  );
  return { id: row.id, url: conversationHref(row.id, row.accessToken) };
}

/** The conversation, if the viewer may see it; anything else is indistinguishable from a missing one. */
export async function conversationForViewer(
  db: Db,
  id: string,
  viewer: ConversationViewer,
): Promise<repo.ConversationRow | null> {
  const row = await repo.findConversation(db, id.toLowerCase());
  if (!row) return null;
  if (viewer.admin) return row;
  if (viewer.token && sameSecret(viewer.token, row.accessToken)) return row;
  if (viewer.userId && row.userId === viewer.userId) return row;
  return null;
}

function answerOf(row: repo.ConversationRow, messages: readonly repo.MessageRow[]): ConversationAnswer {
  return {
    id: row.id,
    reference: reference(row.id),
    status: row.status,
    created_at: new Date(row.createdAt).toISOString(),
    order: row.orderId ? { id: row.orderId, short_id: shortId(row.orderId) } : null,
    messages: messages
      .filter((message) => message.conversationId === row.id)
      .map((message) => ({
        author: message.author,
        text: message.body,
        at: new Date(message.createdAt).toISOString(),
        via: message.via,
      })),
  };
}

export async function conversationAnswer(db: Db, row: repo.ConversationRow): Promise<ConversationAnswer> {
  return answerOf(row, await repo.selectMessages(db, [row.id]));
}

/** The customer writes again (on the page or by email): the conversation waits for the team again. */
export async function addCustomerMessage(
  db: Db,
  row: repo.ConversationRow,
  message: { text: string; via: 'web' | 'email'; emailMessageId?: string },
  now = new Date(),
): Promise<boolean> {
  return repo.insertMessage(
    db,
    {
      conversationId: row.id,
      author: 'customer',
      body: message.text,
      via: message.via,
      emailMessageId: message.emailMessageId ?? null,
    },
    'waiting',
    now,
  );
}

/**
 * The team's answer, stored with `within` (its audit event) in one transaction, then mailed to the
 * customer with the conversation's reply address; `close` closes it in the same step.
 */
export async function answerConversation(
  deps: SupportDeps,
  id: string,
  answer: { text: string; close: boolean; adminUserId: string },
  within?: (tx: Db, before: ConversationStatus) => Promise<void>,
): Promise<void> {
  const now = new Date();
  const status: ConversationStatus = answer.close ? 'closed' : 'answered';
  const row = await inTransaction(deps.db, async (tx) => {
    const found = await repo.findConversation(tx, id);
    if (!found) throw new AppError('NOT_FOUND', SUPPORT_TEXTS.notFound);
    await repo.insertMessage(
      tx,
      { conversationId: id, author: 'team', body: answer.text, via: 'web', adminUserId: answer.adminUserId },
      status,
      now,
    );
    await within?.(tx, found.status);
    return found;
  });
  await deps.mailer.send({
    to: row.email,
    subject: SUPPORT_MAIL.answerSubject(reference(row.id)),
    text: SUPPORT_MAIL.answer(reference(row.id), answer.text, pageUrl(deps, row), answer.close),
    headers: { 'Reply-To': supportReplyAddress(row.replyKey) },
  });
}

/** Closes a conversation without an answer (a thank-you needs none); `within` is its audit event. */
export async function closeConversation(
  db: Db,
  id: string,
  within?: (tx: Db, before: ConversationStatus) => Promise<void>,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await repo.closeConversation(tx, id, new Date());
    if (before === null) throw new AppError('NOT_FOUND', SUPPORT_TEXTS.notFound);
    await within?.(tx, before);
  });
}

export type InboundOutcome = 'started' | 'added' | 'duplicate' | 'ignored';

/**
 * An incoming email, as the mail provider posts it. Sent to a conversation's reply address from the
 * conversation's own address, it is added there; sent to the support address itself, it starts a
 * conversation answered at its sender's address. A replay of one Message-ID counts once; anything
 * else (an unknown key, another sender, nothing but quoted history) is ignored and logged.
 */
export async function receiveEmail(deps: SupportDeps, email: InboundEmail): Promise<InboundOutcome> {
  const addresses = [email.OriginalRecipient, ...email.ToFull.map((to) => to.Email)].filter(
    (address): address is string => address !== undefined,
  );
  const key = addresses.map(replyKeyOf).find((found) => found !== null);
  const row = key ? await repo.findConversationByReplyKey(deps.db, key) : null;
  const from = email.FromFull.Email.trim().toLowerCase();
  const text = (email.StrippedTextReply?.trim() || replyText(email.TextBody ?? ''))
    .slice(0, SUPPORT_MESSAGE_MAX)
    .trim();
  const sender = emailSchema.safeParse(from);
  if (!key && text.length > 0 && sender.success && addresses.some(isSupportAddress)) {
    try {
      await startConversation(
        deps,
        { message: text, email: sender.data, emailMessageId: email.MessageID },
        { userId: null, email: null },
      );
      return 'started';
    } catch (error) {
      if (error instanceof DuplicateEmail) return 'duplicate';
      throw error;
    }
  }
  if (!row || row.email !== from || text.length === 0) {
    deps.logger.warn(
      { conversation: row?.id ?? null, known: row !== null, sameSender: row?.email === from, empty: text.length === 0 },
      'support: an incoming email was not added to a conversation',
    );
    return 'ignored';
  }
  const added = await addCustomerMessage(deps.db, row, { text, via: 'email', emailMessageId: email.MessageID });
  return added ? 'added' : 'duplicate';
}

function listEntry(row: repo.ConversationRow): ConversationList['conversations'][number] {
  return {
    id: row.id,
    reference: reference(row.id),
    status: row.status,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    url: conversationHref(row.id, row.accessToken),
    order: row.orderId ? { id: row.orderId, short_id: shortId(row.orderId) } : null,
  };
}

/** An order's conversations, for whoever may see the order (its page lists them). */
export async function conversationsOfOrder(db: Db, orderId: string): Promise<ConversationList> {
  return { conversations: (await repo.selectConversationsOfOrder(db, orderId)).map(listEntry) };
}

/** The signed-in customer's conversations, newest change first. */
export async function conversationsOfUser(db: Db, userId: string): Promise<ConversationList> {
  return { conversations: (await repo.selectConversationsOfUser(db, userId, ACCOUNT_LIST_LIMIT)).map(listEntry) };
}

/** The admin inbox: open conversations, longest waiting first, with their threads (or one, by id). */
export async function adminConversations(
  db: Db,
  options: { view: 'open' | 'all'; id?: string },
): Promise<AdminConversation[]> {
  const rows = options.id
    ? [await repo.findConversation(db, options.id.toLowerCase())].filter((row) => row !== null)
    : await repo.selectAdminConversations(db, { open: options.view === 'open', limit: ADMIN_LIST_LIMIT });
  const messages = await repo.selectMessages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...answerOf(row, messages),
    email: row.email,
    facts: row.facts,
    waiting_since: row.waitingSince ? new Date(row.waitingSince).toISOString() : null,
  }));
}

/** The overview's line: how many wait, and since when the oldest does, beside the promise. */
export async function unansweredSummary(db: Db): Promise<UnansweredSummary> {
  const { waiting, oldest } = await repo.selectWaiting(db);
  return { waiting, oldest_waiting_since: oldest?.toISOString() ?? null, promise_hours: SUPPORT_ANSWER_HOURS };
}

/** The admin order timeline's entries: when each conversation about the order started. */
export async function orderConversationLinks(db: Db, orderId: string) {
  return (await repo.selectConversationsOfOrder(db, orderId)).map((row) => ({
    id: row.id,
    reference: reference(row.id),
    status: row.status,
    at: new Date(row.createdAt).toISOString(),
  }));
}
