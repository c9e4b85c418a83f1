import { createRoute, z } from '@hono/zod-openapi';
import { adminActionAnswerSchema } from '../../domain/admin.ts';
import {
  adminConversationListSchema,
  adminConversationQuerySchema,
  conversationAnswerSchema,
  conversationListSchema,
  customerReplySchema,
  inboundEmailSchema,
  startConversationSchema,
  startedConversationSchema,
  SUPPORT_TEXTS,
  teamReplySchema,
} from '../../domain/support-conversations.ts';
import { boundedText, TEXT_MAX } from '../../domain/text.ts';
import { AppError } from '../errors.ts';
import { isAdmin, sessionUser } from '../modules/accounts/service.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { orderForViewer } from '../modules/orders/service.ts';
import {
  addCustomerMessage,
  adminConversations,
  answerConversation,
  closeConversation,
  conversationAnswer,
  conversationForViewer,
  conversationsOfOrder,
  conversationsOfUser,
  receiveEmail,
  startConversation,
  type SupportDeps,
} from '../modules/support/conversations.ts';
import { ADMIN_ONLY, adminActorOf } from './admin.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, json, jsonBody, MINUTE_MS, rateLimits } from './route-kit.ts';
import { sameSecret } from '../same-secret.ts';

const CONVERSATIONS = '/api/support/conversations';
const INBOUND = '/api/support/inbound-email';
const idParams = z.object({ id: boundedText(TEXT_MAX.name) });
const tokenQuery = z.object({ token: boundedText(TEXT_MAX.token).optional() });
const HOLDER: { [scheme: string]: string[] }[] = [{ conversationToken: [] }, { session: [] }];
const NOT_YOURS = { 404: { description: 'No such conversation, or not yours (the two are indistinguishable)' } };

const startRoute = createRoute({
  method: 'post',
  path: CONVERSATIONS,
  security: ACCESS.anyoneOrSignedIn,
  tags: ['support'],
  summary:
    'Write to support: a conversation about an order (order_id with its token, or its signed-in owner) or about nothing in particular (email)',
  request: jsonBody(startConversationSchema),
  responses: {
    201: { description: 'The conversation and its page', ...json(startedConversationSchema) },
    400: { description: 'No message, one over 5,000 characters, or no address to answer' },
    404: { description: 'The order is not found or not yours' },
    429: { description: 'Too many messages from this address' },
  },
});

const listRoute = createRoute({
  method: 'get',
  path: CONVERSATIONS,
  security: ACCESS.orderHolder,
  tags: ['support'],
  summary: 'The conversations about one order (order_id with its token, or its owner), or the signed-in customer’s',
  request: {
    query: z.object({ order_id: boundedText(TEXT_MAX.name).optional(), token: boundedText(TEXT_MAX.token).optional() }),
  },
  responses: {
    200: { description: 'Conversations', ...json(conversationListSchema) },
    401: { description: 'Signed out, and no order named' },
    404: { description: 'The order is not found or not yours' },
  },
});

const readRoute = createRoute({
  method: 'get',
  path: `${CONVERSATIONS}/{id}`,
  security: HOLDER,
  tags: ['support'],
  summary: 'A conversation with every message, for its link’s token, its signed-in owner or an admin',
  request: { params: idParams, query: tokenQuery },
  responses: { 200: { description: 'The conversation', ...json(conversationAnswerSchema) }, ...NOT_YOURS },
});

const replyRoute = createRoute({
  method: 'post',
  path: `${CONVERSATIONS}/{id}/messages`,
  security: HOLDER,
  tags: ['support'],
  summary: 'Write again in a conversation (a closed one opens again); it waits for the team’s answer',
  request: { params: idParams, query: tokenQuery, ...jsonBody(customerReplySchema) },
  responses: {
    200: { description: 'Added', ...json(adminActionAnswerSchema) },
    400: { description: 'No message, or one over 5,000 characters' },
    ...NOT_YOURS,
    429: { description: 'Too many messages from this address' },
  },
});

const inboundRoute = createRoute({
  method: 'post',
  path: INBOUND,
  security: [{ inboundBasic: [] }],
  tags: ['support'],
  summary:
    'An email to support, as the mail provider’s inbound webhook posts it (Postmark’s JSON): to a conversation’s reply address it is added there, to the support address it starts one',
  request: jsonBody(inboundEmailSchema),
  responses: {
    200: {
      description:
        'started (an email to the support address), added (a reply to a conversation), duplicate (the same Message-ID again) or ignored (unknown address or sender, no new text)',
      ...json(z.object({ outcome: z.enum(['started', 'added', 'duplicate', 'ignored']) })),
    },
    401: { description: 'Without the inbound secret' },
    404: { description: 'Replies by email are not configured (SUPPORT_INBOUND_SECRET unset)' },
  },
});

const adminListRoute = createRoute({
  method: 'get',
  path: '/api/admin/support/conversations',
  tags: ['admin'],
  summary:
    'Support conversations with their messages: open ones longest waiting first, or all, or one by id (admin only)',
  request: { query: adminConversationQuerySchema },
  responses: { 200: { description: 'Conversations', ...json(adminConversationListSchema) }, ...ADMIN_ONLY },
});

const answerRoute = createRoute({
  method: 'post',
  path: '/api/admin/support/conversations/{id}/answer',
  tags: ['admin'],
  summary: 'Answer a conversation, emailed to the customer; with close, close it too (admin only; audited)',
  request: { params: idParams, ...jsonBody(teamReplySchema) },
  responses: {
    200: { description: 'Answered', ...json(adminActionAnswerSchema) },
    400: { description: 'No answer, or one over 5,000 characters' },
    ...ADMIN_ONLY,
    404: { description: 'No such conversation' },
  },
});

const closeRoute = createRoute({
  method: 'post',
  path: '/api/admin/support/conversations/{id}/close',
  tags: ['admin'],
  summary: 'Close a conversation without an answer (admin only; audited)',
  request: { params: idParams },
  responses: {
    200: { description: 'Closed', ...json(adminActionAnswerSchema) },
    ...ADMIN_ONLY,
    404: { description: 'No such conversation' },
  },
});

/** The password of an HTTP Basic header (the user name is the provider's and not checked). */
function basicPassword(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/** Support conversations: the customer's side, the mail provider's inbound replies, the admin inbox. */
export function supportConversationRoutes(app: ApiApp, deps: AppDeps) {
  const db = deps.database.db;
  const support: SupportDeps = { db, mailer: deps.mailer, publicUrl: deps.publicUrl, logger: deps.logger };
  const limit = rateLimits(deps)('support', deps.config.SUPPORT_RATE_LIMIT, { windowMs: 10 * MINUTE_MS });
  app.on('POST', [CONVERSATIONS, `${CONVERSATIONS}/:id/messages`], limit);

  const viewerOf = async (headers: Headers) => {
    const user = await sessionUser(deps.auth, headers);
    return { user, admin: user ? await isAdmin(db, user.id) : false };
  };
  /** The conversation for the link's token first, then for the session (its owner or an admin). */
  const conversationOf = async (id: string, token: string | undefined, headers: Headers) => {
    let row = token ? await conversationForViewer(db, id, { token }) : null;
    if (!row) {
      const { user, admin } = await viewerOf(headers);
      if (user) row = await conversationForViewer(db, id, { userId: user.id, admin });
    }
    if (!row) throw new AppError('NOT_FOUND', SUPPORT_TEXTS.notFound);
    return row;
  };

  app.openapi(startRoute, async (c) => {
    const body = c.req.valid('json');
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    const started = await startConversation(
      support,
      { message: body.message, email: body.email, orderId: body.order_id, token: body.token },
      { userId: user?.id ?? null, email: user?.email ?? null },
    );
    return c.json({ ...started, message: SUPPORT_TEXTS.started }, 201);
  });

  app.openapi(listRoute, async (c) => {
    const { order_id: orderId, token } = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    const { user, admin } = await viewerOf(c.req.raw.headers);
    if (orderId) {
      const order = await orderForViewer(db, orderId.toLowerCase(), { token, userId: user?.id, admin });
      if (!order) throw new AppError('NOT_FOUND', SUPPORT_TEXTS.orderNotFound);
      return c.json(await conversationsOfOrder(db, order.id), 200);
    }
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to see your conversations.');
    return c.json(await conversationsOfUser(db, user.id), 200);
  });

  app.openapi(readRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { token } = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    const row = await conversationOf(id, token, c.req.raw.headers);
    return c.json(await conversationAnswer(db, row), 200);
  });

  app.openapi(replyRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { token } = c.req.valid('query');
    const row = await conversationOf(id, token, c.req.raw.headers);
    await addCustomerMessage(db, row, { text: c.req.valid('json').message, via: 'web' });
    return c.json({ message: SUPPORT_TEXTS.replied }, 200);
  });

  // The provider's secret is checked before the body is read; without one, the route is not there.
  app.use(INBOUND, async (c, next) => {
    const secret = deps.config.SUPPORT_INBOUND_SECRET;
    if (!secret) throw new AppError('NOT_FOUND', 'Replies by email are not configured.');
    const given = basicPassword(c.req.header('authorization'));
    if (given === null || !sameSecret(given, secret)) throw new AppError('UNAUTHENTICATED', 'Wrong inbound secret.');
    await next();
  });
  app.openapi(inboundRoute, async (c) => c.json({ outcome: await receiveEmail(support, c.req.valid('json')) }, 200));

  app.openapi(adminListRoute, async (c) => {
    const query = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    return c.json({ conversations: await adminConversations(db, query) }, 200);
  });

  app.openapi(answerRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const id = c.req.valid('param').id.toLowerCase();
    const { message, close } = c.req.valid('json');
    await answerConversation(support, id, { text: message, close, adminUserId: actor.userId }, (tx, before) =>
      recordAudit(tx, actor, {
        action: 'support.answer',
        recordType: 'support_conversation',
        recordId: id,
        before: { status: before },
        after: { status: close ? 'closed' : 'answered' },
      }),
    );
    return c.json({ message: close ? SUPPORT_TEXTS.closed : SUPPORT_TEXTS.answered }, 200);
  });

  app.openapi(closeRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const id = c.req.valid('param').id.toLowerCase();
    await closeConversation(db, id, (tx, before) =>
      recordAudit(tx, actor, {
        action: 'support.close',
        recordType: 'support_conversation',
        recordId: id,
        before: { status: before },
        after: { status: 'closed' },
      }),
    );
    return c.json({ message: SUPPORT_TEXTS.closed }, 200);
  });
}
