import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STREAM_EVENT, SHARE_LINKS_MAX, shareLinkSchema } from '../../domain/order-tracking.ts';
import type { Store } from '../bootstrap.ts';
import { addOrderNote } from '../modules/orders/service.ts';
import { anEsimOrder, anEsimPackage, signUp } from '../testing/fixtures.ts';
import { databaseUrlWithName } from '../testing/global-setup.ts';
import { asKind, postJson } from '../testing/orders.ts';
import { readSse } from '../testing/sse.ts';
import { type StubBehaviour, stubSupplier } from '../testing/stub-supplier.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore } from '../testing/test-store.ts';
import { luhnImei, placeUnlockOrder } from '../testing/unlocks.ts';
import { getOrder, waitForStatus } from '../testing/orders.ts';

const run = promisify(execFile);
const RAISE_EVENT = resolve(import.meta.dirname, '../testing/raise-order-event.ts');

describe.each(testDbKinds())('live order events and share links on %s', (kind) => {
  let store: Store;
  let packageId: string;
  let ownerCookie: string;
  let strangerCookie: string;
  const stub = stubSupplier((): StubBehaviour => ({ pollsInProcess: 1 }));
  const db = () => store.deps.database.db;

  beforeAll(async () => {
    store = await createTestStore(kind, {
      providers: { unlockSupplier: stub.supplier },
      unlockBackoff: { firstSeconds: 0.1, maxSeconds: 0.2 },
    });
    ({ packageId } = await anEsimPackage(store));
    ownerCookie = await signUp(store, `live-owner-${kind}@example.com`);
    strangerCookie = await signUp(store, `live-stranger-${kind}@example.com`);
  });
  afterAll(() => store.close());

  const openStream = (id: string, query = '', headers: Record<string, string> = {}) => {
    const abort = new AbortController();
    const answer = store.app.request(`/api/orders/${id}/events${query}`, { headers, signal: abort.signal });
    return { answer, abort };
  };
  const eventOf = (data: string) => JSON.parse(data) as { id: number; status: string; message: string };

  it('streams the past events, then one raised afterwards, to the holder of the access token', async () => {
    const order = await anEsimOrder(store, { packageId });
    const { answer, abort } = openStream(order.orderId, `?token=${order.token}`);
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const stream = readSse(res);
    const first = await stream.next();
    expect(first.event).toBe(ORDER_STREAM_EVENT);
    expect(eventOf(first.data)).toMatchObject({ status: 'pending_payment' });
    expect(first.id).toBe(String(eventOf(first.data).id));

    await addOrderNote(db(), order.orderId, 'A note from the store.');
    const next = await stream.next();
    expect(eventOf(next.data)).toMatchObject({ message: 'A note from the store.', status: 'pending_payment' });
    expect(Number(next.id)).toBeGreaterThan(Number(first.id));
    abort.abort();
    await stream.close();
  });

  it('resumes after Last-Event-ID with only the events after it', async () => {
    const order = await anEsimOrder(store, { packageId });
    await addOrderNote(db(), order.orderId, 'Second.');
    await addOrderNote(db(), order.orderId, 'Third.');
    const all = (await getOrder(store, order.orderId, order.token)).body.events;
    const { answer, abort } = openStream(order.orderId, `?token=${order.token}`, {
      'Last-Event-ID': String(all[1]?.id),
    });
    const stream = readSse(await answer);
    expect(eventOf((await stream.next()).data).message).toBe('Third.');
    await addOrderNote(db(), order.orderId, 'Fourth.');
    expect(eventOf((await stream.next()).data).message).toBe('Fourth.');
    abort.abort();
    await stream.close();
  });

  it('lets the signed-in owner follow their order without a token', async () => {
    const order = await anEsimOrder(store, { packageId, cookie: ownerCookie });
    const { answer, abort } = openStream(order.orderId, '', { cookie: ownerCookie });
    const res = await answer;
    expect(res.status).toBe(200);
    const stream = readSse(res);
    expect(eventOf((await stream.next()).data).status).toBe('pending_payment');
    abort.abort();
    await stream.close();
  });

  it('answers a stranger, a wrong token, no token and a missing order with the same 404', async () => {
    const order = await anEsimOrder(store, { packageId, cookie: ownerCookie });
    const other = await anEsimOrder(store, { packageId });
    const missing = '00000000-0000-4000-8000-000000000000';
    const bodies = [];
    for (const [id, query, headers] of [
      [order.orderId, '', { cookie: strangerCookie }],
      [order.orderId, `?token=${other.token}`, {}],
      [order.orderId, '', {}],
      [missing, `?token=${order.token}`, {}],
      [missing, '', { cookie: ownerCookie }],
      ['not-an-order', '', {}],
    ] as const) {
      const { answer } = openStream(id, query, headers);
      const res = await answer;
      expect(res.status, `${id}${query}`).toBe(404);
      bodies.push(await res.json());
    }
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
  });

  it.runIf(kind === 'postgres')('delivers an event written by another process', async () => {
    const order = await anEsimOrder(store, { packageId });
    const { answer, abort } = openStream(order.orderId, `?token=${order.token}`);
    const stream = readSse(await answer);
    await stream.next();
    const [row] = (await store.deps.database.sql.executeSql('select current_database() as name')).rows as {
      name: string;
    }[];
    const url = databaseUrlWithName(process.env.TEST_DATABASE_URL ?? '', row?.name ?? '');
    await run(process.execPath, ['--import', 'tsx', RAISE_EVENT, url, order.orderId, 'Written elsewhere.']);
    expect(eventOf((await stream.next(10_000)).data).message).toBe('Written elsewhere.');
    abort.abort();
    await stream.close();
  });

  it('shares an unlock read-only: state, history, estimate and masked IMEI; never email, result or money', async () => {
    const imei = luhnImei('35441122', kind === 'pglite' ? 1 : 2);
    const order = await placeUnlockOrder(store, imei, { email: `share-${kind}@example.com` });
    const session = new URL(order.url).pathname.split('/').at(-1) ?? '';
    await postJson(store, `/api/sandbox-payments/${session}/pay`, {});
    const done = await waitForStatus(store, { ...order, sessionId: session }, 'fulfilled', 20_000);
    const code = asKind(done, 'unlock').unlock.result?.message ?? '';
    expect(code).not.toBe('');

    const created = await store.app.request(`/api/orders/${order.orderId}/shares?token=${order.token}`, {
      method: 'POST',
    });
    expect(created.status).toBe(201);
    const link = shareLinkSchema.parse(await created.json());
    expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(link.path).toBe(`/share/${link.token}`);

    const shared = await store.app.request(`/api/shares/${link.token}`);
    expect(shared.status).toBe(200);
    const text = await shared.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toMatchObject({
      short_id: order.orderId.slice(0, 8),
      kind: 'unlock',
      status: 'fulfilled',
      unlock: { imei_masked: `${imei.slice(0, 8)}***${imei.slice(-4)}`, guaranteed_hours: expect.any(Number) },
    });
    expect((body.events as unknown[]).length).toBe(done.events.length);
    for (const secret of [
      `share-${kind}@example.com`,
      code,
      imei,
      order.token,
      order.orderId,
      'total',
      'payment_ref',
    ]) {
      expect(text).not.toContain(secret);
    }

    const revoked = await store.app.request(`/api/orders/${order.orderId}/shares/${link.id}?token=${order.token}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ links: [] });
    expect((await store.app.request(`/api/shares/${link.token}`)).status).toBe(404);
    const listed = await store.app.request(`/api/orders/${order.orderId}/shares?token=${order.token}`);
    expect(await listed.json()).toEqual({ links: [] });
  });

  it('lets only the owner make, list and revoke links, at most five live at once', async () => {
    const order = await anEsimOrder(store, { packageId, cookie: ownerCookie });
    const make = (headers: Record<string, string>, query = '') =>
      store.app.request(`/api/orders/${order.orderId}/shares${query}`, { method: 'POST', headers });
    expect((await make({ cookie: strangerCookie })).status).toBe(404);
    expect((await make({}, '?token=wrong')).status).toBe(404);
    const links = [];
    for (let i = 0; i < SHARE_LINKS_MAX; i += 1) {
      const res = await make({ cookie: ownerCookie });
      expect(res.status).toBe(201);
      links.push(shareLinkSchema.parse(await res.json()));
    }
    expect(new Set(links.map((link) => link.token)).size).toBe(SHARE_LINKS_MAX);
    const full = await make({ cookie: ownerCookie });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ error: { code: 'CONFLICT' } });

    const strangerRevoke = await store.app.request(`/api/orders/${order.orderId}/shares/${links[0]?.id}`, {
      method: 'DELETE',
      headers: { cookie: strangerCookie },
    });
    expect(strangerRevoke.status).toBe(404);
    const ownerRevoke = await store.app.request(`/api/orders/${order.orderId}/shares/${links[0]?.id}`, {
      method: 'DELETE',
      headers: { cookie: ownerCookie },
    });
    expect(ownerRevoke.status).toBe(200);
    expect((await make({ cookie: ownerCookie })).status).toBe(201);
    expect((await store.app.request(`/api/shares/not-a-token`)).status).toBe(404);
  });
});
