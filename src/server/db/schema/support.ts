import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CONVERSATION_STATUSES,
  MESSAGE_AUTHORS,
  MESSAGE_CHANNELS,
  type ConversationStatus,
  type MessageAuthor,
  type MessageChannel,
  type OrderFacts,
} from '../../../domain/support-conversations.ts';
import { user } from './accounts.ts';
import { createdAt, sqlList, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

// Support conversations and their messages: modules/support.

export const supportConversations = pgTable(
  'support_conversations',
  {
    id: text('id').primaryKey(),
    /** The order it is about; deleted with it by retention, as the order's own data is. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Where answers go: the order's address, or the one the customer gave. */
    email: text('email').notNull(),
    /** The page's link secret, as an order's access token. */
    accessToken: text('access_token').notNull(),
    /** The tag of the address its emails are answered to (support+<key>@…). */
    replyKey: text('reply_key').notNull(),
    status: text('status').$type<ConversationStatus>().notNull().default('waiting'),
    facts: jsonb('facts').$type<OrderFacts>(),
    /** The customer's first message not answered yet; null while nothing waits. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('support_conversations_reply_key_uq').on(t.replyKey),
    index('support_conversations_order_idx').on(t.orderId),
    index('support_conversations_user_idx').on(t.userId),
    index('support_conversations_waiting_idx').on(t.waitingSince),
    check('support_conversations_status_known', sql`${t.status} IN (${sqlList(CONVERSATION_STATUSES)})`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: text('author').$type<MessageAuthor>().notNull(),
    body: text('body').notNull(),
    via: text('via').$type<MessageChannel>().notNull(),
    /** The team member who answered (audit has the rest). */
    adminUserId: text('admin_user_id'),
    /** An emailed reply's Message-ID: the same email posted twice is one message. */
    emailMessageId: text('email_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('support_messages_email_uq').on(t.emailMessageId),
    check('support_messages_author_known', sql`${t.author} IN (${sqlList(MESSAGE_AUTHORS)})`),
    check('support_messages_via_known', sql`${t.via} IN (${sqlList(MESSAGE_CHANNELS)})`),
  ],
);
