import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_TEXTS, type AssistantEvent } from '../../../domain/assistant.ts';
import { ORDER_LOOKUP_MESSAGES } from '../../../domain/order-lookup.ts';
import type { Store } from '../../bootstrap.ts';
import { anEsimOrder } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore, jsonHeaders } from '../../testing/test-store.ts';

async function ask(store: Store, message: unknown) {
  return store.app.request('/api/support/assistant', {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ message }),
  });
}

async function answerOf(store: Store, message: string) {
  const res = await ask(store, message);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  const events = (await res.text())
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as AssistantEvent);
  const text = events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');
  const sources = events.flatMap((event) => (event.type === 'sources' ? event.sources : []));
  const order = events.find((event) => event.type === 'order');
  expect(events.at(-1)?.type).toBe('done');
  return { events, text, sources, order: order?.type === 'order' ? order.order : undefined };
}

describe.each(testDbKinds())('support assistant on %s', (kind) => {
  let store: Store;

  beforeAll(async () => {
    store = await createTestStore(kind, { jobs: { workers: false } });
  });
  afterAll(() => store.close());

  it('answers from the help article that covers the question, citing it', async () => {
    const { text, sources, events } = await answerOf(store, 'The QR code says it was already used, what now?');
    expect(events[0]?.type).toBe('sources');
    expect(sources).toEqual([
      {
        title: 'eSIM support',
        heading: 'The QR code says it was already used',
        href: '/support/esim#the-qr-code-says-it-was-already-used',
      },
    ]);
    expect(text).toContain('From “The QR code says it was already used” (eSIM support):');
    expect(text).toContain('Each eSIM QR code can be installed once.');
  });

  it('says it does not know, citing nothing, when no article answers', async () => {
    const { text, sources } = await answerOf(store, 'recommend a good pizza place');
    expect(sources).toEqual([]);
    expect(text).toBe(ASSISTANT_TEXTS.dontKnow);
  });

  it('looks up an order’s state by its short id and email, in any case', async () => {
    const order = await anEsimOrder(store, { email: `buyer-${kind}@example.com` });
    const shortId = order.orderId.slice(0, 8);
    const { order: found, text } = await answerOf(
      store,
      `Where is order ${shortId}? My email is BUYER-${kind}@Example.com`,
    );
    expect(found).toMatchObject({
      short_id: shortId,
      kind: 'esim',
      status: 'pending_payment',
      status_label: 'Awaiting payment',
    });
    expect(text).toBe(`Order #${shortId}: Awaiting payment. We are waiting for your payment to be confirmed.`);
    const byUuid = await answerOf(store, `${order.orderId} buyer-${kind}@example.com`);
    expect(byUuid.order?.short_id).toBe(shortId);
  });

  it('answers a wrong email exactly like a missing order', async () => {
    const order = await anEsimOrder(store, { email: `owner-${kind}@example.com` });
    const wrongEmail = await answerOf(store, `order ${order.orderId.slice(0, 8)} stranger@example.com`);
    const missing = await answerOf(store, `order 0f0f0f0f owner-${kind}@example.com`);
    expect(wrongEmail.order).toBeUndefined();
    expect(wrongEmail.text).toBe(ASSISTANT_TEXTS.orderNotFound);
    expect(missing.text).toBe(ASSISTANT_TEXTS.orderNotFound);
  });

  it('asks for what an order lookup is missing, with the lookup’s own rules', async () => {
    expect((await answerOf(store, 'Where is my order?')).text).toBe(ASSISTANT_TEXTS.askForOrder);
    expect((await answerOf(store, 'my order is a1b2c3d4')).text).toBe(ASSISTANT_TEXTS.needEmail);
    expect((await answerOf(store, 'I ordered with me@example.com')).text).toBe(ASSISTANT_TEXTS.needOrderId);
    expect((await answerOf(store, '356938035643809 me@example.com')).text).toBe(ASSISTANT_TEXTS.imeiLookup);
    expect((await answerOf(store, 'a1b2c3d4 me@exa_mple.c0m')).text).toBe(ASSISTANT_TEXTS.needEmail);
    expect(ORDER_LOOKUP_MESSAGES.invalid).toContain("'a1b2c3d4'");
  });

  it('refuses an empty, over-long or NUL question with a 400', async () => {
    for (const message of ['   ', 'x'.repeat(1001), 'hi\u0000', 42]) {
      const res = await ask(store, message);
      expect(res.status, JSON.stringify(message)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('support assistant with an OpenAI-compatible model', () => {
  let store: Store;
  let model: Server;
  let failing = false;
  const requests: {
    authorization?: string;
    body: { model: string; stream: boolean; messages: { content: string }[] };
  }[] = [];

  beforeAll(async () => {
    model = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        requests.push({
          authorization: req.headers.authorization,
          body: JSON.parse(body) as (typeof requests)[number]['body'],
        });
        if (req.url !== '/v1/chat/completions' || failing) {
          res.writeHead(failing ? 503 : 404).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        for (const piece of ['Scan it only once. ', 'Your eSIM may already be installed.']) {
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
        }
        res.end('data: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const { port } = model.address() as AddressInfo;
    store = await createTestStore('pglite', {
      jobs: { workers: false },
      config: {
        ASSISTANT_API_URL: `http://127.0.0.1:${port}/v1`,
        ASSISTANT_API_KEY: 'test-key',
        ASSISTANT_MODEL: 'test-model',
      },
    });
  });
  afterAll(async () => {
    await store.close();
    await new Promise((resolve) => model.close(resolve));
  });

  it('streams the model’s answer, written from the retrieved passages only, and cites them', async () => {
    requests.length = 0;
    const { text, sources, events } = await answerOf(store, 'QR code already used');
    expect(text).toBe('Scan it only once. Your eSIM may already be installed.');
    expect(events.filter((event) => event.type === 'text')).toHaveLength(2);
    expect(events.at(-1)).toEqual({ type: 'done', mode: 'model' });
    expect(sources[0]?.href).toBe('/support/esim#the-qr-code-says-it-was-already-used');
    const [request] = requests;
    expect(request?.authorization).toBe('Bearer test-key');
    expect(request?.body).toMatchObject({ model: 'test-model', stream: true });
    const [system, user] = request?.body.messages ?? [];
    expect(system?.content).toContain('Answer only from the numbered help passages');
    expect(user?.content).toContain('[1] eSIM support — The QR code says it was already used');
    expect(user?.content).toContain('Question: QR code already used');
  });

  it('does not ask the model when no passage answers', async () => {
    requests.length = 0;
    expect((await answerOf(store, 'recommend a good pizza place')).text).toBe(ASSISTANT_TEXTS.dontKnow);
    expect(requests).toHaveLength(0);
  });

  it('answers with the best passage when the model fails', async () => {
    failing = true;
    const { text } = await answerOf(store, 'QR code already used');
    failing = false;
    expect(text).toContain('Each eSIM QR code can be installed once.');
  });
});
