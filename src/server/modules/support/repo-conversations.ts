import { and, asc, count, eq, inArray, min, ne, sql } from 'drizzle-orm';
import type { ConversationStatus, MessageAuthor, MessageChannel } from '../../../domain/support-conversations.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type ConversationRow = typeof t.supportConversations.$inferSelect;
export type MessageRow = typeof t.supportMessages.$inferSelect;

export async function insertConversation(db: Db, row: typeof t.supportConversations.$inferInsert) {
  await db.insert(t.supportConversations).values(row);
}

export async function findConversation(db: Db, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(t.supportConversations).where(eq(t.supportConversations.id, id));
  return row ?? null;
}

export async function findConversationByReplyKey(db: Db, replyKey: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(t.supportConversations).where(eq(t.supportConversations.replyKey, replyKey));
  return row ?? null;
}

/**
 * Adds a message; false when an emailed reply of that Message-ID is stored already (a replay).
 * A customer's message starts the wait for an answer (unless one waits already); a team answer ends it.
 */
export async function insertMessage(
  db: Db,
  message: {
    conversationId: string;
    author: MessageAuthor;
    body: string;
    via: MessageChannel;
    adminUserId?: string | null;
    emailMessageId?: string | null;
  },
  status: ConversationStatus,
  now: Date,
): Promise<boolean> {
  const stored = await db
    .insert(t.supportMessages)
    .values({ ...message, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: t.supportMessages.id });
  if (stored.length === 0) return false;
  await db
    .update(t.supportConversations)
    .set({
      status,
      updatedAt: now,
      waitingSince:
        message.author === 'customer'
          ? sql`coalesce(${t.supportConversations.waitingSince}, ${now.toISOString()})`
          : null,
    })
    .where(eq(t.supportConversations.id, message.conversationId));
  return true;
}

export async function closeConversation(db: Db, id: string, now: Date): Promise<ConversationStatus | null> {
  const [before] = await db
    .select({ status: t.supportConversations.status })
    .from(t.supportConversations)
    .where(eq(t.supportConversations.id, id))
    .for('update');
  if (!before) return null;
  await db
    .update(t.supportConversations)
    .set({ status: 'closed', waitingSince: null, updatedAt: now })
    .where(eq(t.supportConversations.id, id));
  return before.status;
}

export function selectMessages(db: Db, conversationIds: readonly string[]): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(t.supportMessages)
    .where(inArray(t.supportMessages.conversationId, [...conversationIds]))
    .orderBy(asc(t.supportMessages.createdAt), asc(t.supportMessages.id));
}

/**
 * The admin inbox: open ones (not closed) with the longest wait first, then the answered by their
 * last change; or every one, newest change first; at most `limit`.
 */
export function selectAdminConversations(db: Db, options: { open: boolean; limit: number }) {
  const c = t.supportConversations;
  return db
    .select()
    .from(c)
    .where(options.open ? ne(c.status, 'closed') : undefined)
    .orderBy(sql`${c.waitingSince} ASC NULLS LAST`, options.open ? asc(c.updatedAt) : sql`${c.updatedAt} DESC`)
    .limit(options.limit);
}

/** An order's conversations (its page and its admin timeline), oldest first. */
export function selectConversationsOfOrder(db: Db, orderId: string) {
  return db
    .select()
    .from(t.supportConversations)
    .where(eq(t.supportConversations.orderId, orderId))
    .orderBy(asc(t.supportConversations.createdAt));
}

/** A signed-in customer's conversations, newest change first. */
export function selectConversationsOfUser(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(t.supportConversations)
    .where(eq(t.supportConversations.userId, userId))
    .orderBy(sql`${t.supportConversations.updatedAt} DESC`)
    .limit(limit);
}

/** How many questions wait for an answer, and since when the oldest does. */
export async function selectWaiting(db: Db): Promise<{ waiting: number; oldest: Date | null }> {
  const c = t.supportConversations;
  const [row] = await db
    .select({ waiting: count(), oldest: min(c.waitingSince) })
    .from(c)
    .where(and(eq(c.status, 'waiting')));
  return { waiting: Number(row?.waiting ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}
