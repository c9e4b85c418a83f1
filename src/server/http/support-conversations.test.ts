import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminConversationList,
  ConversationAnswer,
  ConversationList,
  StartedConversation,
  UnansweredSummary,
} from '../../domain/support-conversations.ts';
import { SUPPORT_TEXTS } from '../../domain/support-conversations.ts';
import type { Store } from '../bootstrap.ts';
import { unansweredSummary } from '../modules/support/conversations.ts';
import { aCataloguePackage, getJson, postJson, signUp, signUpAdmin } from '../testing/fixtures.ts';
import { placeEsimOrder } from '../testing/orders.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore } from '../testing/test-store.ts';

const INTERNAL_TOKEN = 'internal-token-for-support-tests';
const INBOUND_SECRET = 'inbound-secret-for-support-tests-0123';
const basic = (password: string) => `Basic ${Buffer.from(`postmark:${password}`).toString('base64')}`;

describe.each(testDbKinds())('support conversations on %s', (kind) => {
  let store: Store;
  let admin: string;
  let address = 0;
  /** Each request from its own address: the support rate limit is not what these tests are about. */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(store, path, body, { 'x-forwarded-for': `10.44.0.${++address}`, ...headers });
  const asAdmin = <Body>(path: string) => getJson<Body>(store, path, { cookie: admin });
  const replyKeyOf = async (to: string) => {
    const [mail] = await store.deps.mailer.outbox({ to, limit: 1 });
    const replyTo = (mail?.headers as Record<string, string> | null)?.['Reply-To'] ?? '';
    return { mail, replyTo };
  };

  beforeAll(async () => {
    store = await createTestStore(kind, {
      internalToken: INTERNAL_TOKEN,
      config: { TRUST_PROXY: 'true', SUPPORT_INBOUND_SECRET: INBOUND_SECRET },
    });
    admin = await signUpAdmin(store, `support-admin-${kind}@example.com`, INTERNAL_TOKEN);
  });
  afterAll(() => store.close());

  it('opens a conversation about an order for its token, with the order’s facts, and confirms it without echoing it', async () => {
    const pkg = await aCataloguePackage(store);
    const order = await placeEsimOrder(store, {
      email: 'asker@example.com',
      items: [{ package_id: pkg.package_id, quantity: 1 }],
    });
    const res = await post('/api/support/conversations', {
      order_id: order.orderId,
      token: order.token,
      message: 'My eSIM shows no signal <b>in Rome</b>.',
    });
    expect(res.status).toBe(201);
    const started = (await res.json()) as StartedConversation;
    expect(started.message).toBe(SUPPORT_TEXTS.started);
    const token = new URL(started.url, 'http://x').searchParams.get('token') ?? '';

    const { mail, replyTo } = await replyKeyOf('asker@example.com');
    expect(mail?.subject).toMatch(/^We received your message \(S-[a-f0-9]{8}\)$/);
    expect(mail?.text).not.toContain('Rome');
    expect(mail?.text).toContain(started.url);
    expect(replyTo).toMatch(/^support\+[\w-]+@openline\.store$/);

    const read = await getJson<ConversationAnswer>(store, `/api/support/conversations/${started.id}?token=${token}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'waiting', order: { id: order.orderId } });
    expect(read.body.messages).toEqual([
      expect.objectContaining({ author: 'customer', text: 'My eSIM shows no signal <b>in Rome</b>.', via: 'web' }),
    ]);
    const list = await getJson<ConversationList>(
      store,
      `/api/support/conversations?order_id=${order.orderId}&token=${order.token}`,
    );
    expect(list.body.conversations.map((c) => c.id)).toEqual([started.id]);

    const { body } = await asAdmin<AdminConversationList>(`/api/admin/support/conversations?id=${started.id}`);
    expect(body.conversations[0]).toMatchObject({
      email: 'asker@example.com',
      facts: { kind: 'esim', status: 'pending_payment' },
      waiting_since: expect.any(String),
    });
  });

  it('refuses an order that is not the writer’s, a wrong token and an empty message, with nothing stored', async () => {
    const pkg = await aCataloguePackage(store);
    const order = await placeEsimOrder(store, {
      email: 'owner@example.com',
      items: [{ package_id: pkg.package_id, quantity: 1 }],
    });
    const before = (await asAdmin<AdminConversationList>('/api/admin/support/conversations?view=all')).body;
    const wrong = await post('/api/support/conversations', { order_id: order.orderId, token: 'nope', message: 'Hi' });
    expect(wrong.status).toBe(404);
    const empty = await post('/api/support/conversations', { email: 'a@example.com', message: '   ' });
    expect(empty.status).toBe(400);
    const noAddress = await post('/api/support/conversations', { message: 'Hello' });
    expect(noAddress.status).toBe(400);
    const long = await post('/api/support/conversations', { email: 'a@example.com', message: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    const nul = await post('/api/support/conversations', { email: 'a@example.com', message: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const after = (await asAdmin<AdminConversationList>('/api/admin/support/conversations?view=all')).body;
    expect(after.conversations).toHaveLength(before.conversations.length);
    const stranger = await getJson(store, `/api/support/conversations/${randomUUID()}?token=x`);
    expect(stranger.status).toBe(404);
  });

  it('answers from the admin inbox oldest first, mails the answer, takes the emailed reply once and waits again', async () => {
    const ask = async (email: string, message: string) =>
      (await (await post('/api/support/conversations', { email, message })).json()) as StartedConversation;
    const first = await ask('first@example.com', 'Which eSIM works in Japan?');
    const second = await ask('second@example.com', 'Can I pay with PayPal?');
    const open = (await asAdmin<AdminConversationList>('/api/admin/support/conversations')).body.conversations;
    const ids = open.map((c) => c.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));

    const answer = await postJson(
      store,
      `/api/admin/support/conversations/${first.id}/answer`,
      { message: 'The Japan 10 GB package works on every network there.' },
      { cookie: admin },
    );
    expect(answer.status).toBe(200);
    const { mail, replyTo } = await replyKeyOf('first@example.com');
    expect(mail?.subject).toMatch(/^Our answer to your message/);
    expect(mail?.text).toContain('The Japan 10 GB package works on every network there.');
    const one = async () =>
      (await asAdmin<AdminConversationList>(`/api/admin/support/conversations?id=${first.id}`)).body.conversations[0];
    expect(await one()).toMatchObject({ status: 'answered', waiting_since: null });

    const inbound = (password: string, body: unknown) =>
      store.app.request('/api/support/inbound-email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basic(password) },
        body: JSON.stringify(body),
      });
    const email = {
      MessageID: 'reply-1@mail.example.com',
      FromFull: { Email: 'First@Example.com' },
      ToFull: [{ Email: replyTo }],
      Subject: 'Re: Our answer',
      TextBody: 'Thanks, and for Korea?\n\nOn Sun, 29 Nov 2026, OpenLine wrote:\n> The Japan 10 GB package…',
    };
    expect((await inbound('wrong-secret-wrong-secret-00', email)).status).toBe(401);
    const taken = await inbound(INBOUND_SECRET, email);
    expect(await taken.json()).toEqual({ outcome: 'added' });
    expect(await (await inbound(INBOUND_SECRET, email)).json()).toEqual({ outcome: 'duplicate' });
    const spoofed = { ...email, MessageID: 'reply-2@mail.example.com', FromFull: { Email: 'mallory@example.com' } };
    expect(await (await inbound(INBOUND_SECRET, spoofed)).json()).toEqual({ outcome: 'ignored' });

    const fresh = {
      MessageID: 'new-1@mail.example.com',
      FromFull: { Email: 'Walk-In@Example.com' },
      ToFull: [{ Email: 'Support@OpenLine.store' }],
      TextBody: 'Do you unlock Pixel phones?',
    };
    expect(await (await inbound(INBOUND_SECRET, fresh)).json()).toEqual({ outcome: 'started' });
    expect(await (await inbound(INBOUND_SECRET, fresh)).json()).toEqual({ outcome: 'duplicate' });
    const walkIns = (
      await asAdmin<AdminConversationList>('/api/admin/support/conversations')
    ).body.conversations.filter((c) => c.email === 'walk-in@example.com');
    expect(walkIns.map((c) => c.messages.map((m) => [m.via, m.text]))).toEqual([
      [['email', 'Do you unlock Pixel phones?']],
    ]);
    expect((await replyKeyOf('walk-in@example.com')).mail?.text).not.toContain('Pixel');

    const now = await one();
    expect(now?.status).toBe('waiting');
    expect(now?.messages.map((m) => [m.author, m.via, m.text])).toEqual([
      ['customer', 'web', 'Which eSIM works in Japan?'],
      ['team', 'web', 'The Japan 10 GB package works on every network there.'],
      ['customer', 'email', 'Thanks, and for Korea?'],
    ]);

    const summary: UnansweredSummary = await unansweredSummary(store.deps.database.db);
    expect(summary.waiting).toBeGreaterThanOrEqual(2);
    expect(summary.promise_hours).toBe(24);

    const close = await postJson(store, `/api/admin/support/conversations/${second.id}/close`, {}, { cookie: admin });
    expect(close.status).toBe(200);
    const audit = await asAdmin<{ events: { action: string }[] }>(`/api/admin/audit?record=${first.id}`);
    expect(audit.body.events.map((e) => e.action)).toEqual(['support.answer']);
    const openAfter = (await asAdmin<AdminConversationList>('/api/admin/support/conversations')).body.conversations;
    expect(openAfter.map((c) => c.id)).not.toContain(second.id);
  });

  it('refuses an eleventh message from one address within 10 minutes, with nothing stored', async () => {
    const from = { 'x-forwarded-for': '10.45.0.1' };
    for (let i = 0; i < 10; i++) {
      const res = await postJson(
        store,
        '/api/support/conversations',
        { email: 'busy@example.com', message: `Hi ${i}` },
        from,
      );
      expect(res.status).toBe(201);
    }
    const over = await postJson(
      store,
      '/api/support/conversations',
      { email: 'busy@example.com', message: 'Hi again' },
      from,
    );
    expect(over.status).toBe(429);
    const all = (await asAdmin<AdminConversationList>('/api/admin/support/conversations?view=all')).body.conversations;
    expect(all.filter((c) => c.email === 'busy@example.com')).toHaveLength(10);
  });

  it('lists a signed-in customer’s conversations and lets them write again on the page', async () => {
    const cookie = await signUp(store, `writer-${kind}@example.com`);
    const res = await post('/api/support/conversations', { message: 'Where is my invoice?' }, { cookie });
    const started = (await res.json()) as StartedConversation;
    const mine = await getJson<ConversationList>(store, '/api/support/conversations', { cookie });
    expect(mine.body.conversations.map((c) => c.id)).toEqual([started.id]);
    const again = await post(`/api/support/conversations/${started.id}/messages`, { message: 'Found it.' }, { cookie });
    expect(again.status).toBe(200);
    const read = await getJson<ConversationAnswer>(store, `/api/support/conversations/${started.id}`, { cookie });
    expect(read.body.messages.map((m) => m.text)).toEqual(['Where is my invoice?', 'Found it.']);
    expect((await getJson(store, '/api/support/conversations')).status).toBe(401);
  });
});
