import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '../../../domain/retention.ts';
import type { Store } from '../../bootstrap.ts';
import * as t from '../../db/schema.ts';
import { PNG_SIGNATURE } from '../../testing/png.ts';
import { aCataloguePackage, postBugReport, postJson, signUp } from '../../testing/fixtures.ts';
import { placeEsimOrder, waitForStatus } from '../../testing/orders.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { luhnImei, placeUnlockOrder } from '../../testing/unlocks.ts';
import { applyRetention } from './service.ts';

const DAY = 86_400_000;
const png = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(56, 7)]);

describe.each(testDbKinds())('the retention job on %s', (kind) => {
  let store: Store;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'openline-retention-'));
    store = await createTestStore(kind, { config: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('deletes each kind of record after its period and not before, screenshots included (a moved clock)', async () => {
    const db = store.deps.database.db;
    const rows = async () => ({
      orders: (await db.select({ n: count() }).from(t.orders))[0]?.n ?? 0,
      quotes: (await db.select({ n: count() }).from(t.quotes))[0]?.n ?? 0,
      sessions: (await db.select({ n: count() }).from(t.session))[0]?.n ?? 0,
      mail: (await db.select({ n: count() }).from(t.mailOutbox))[0]?.n ?? 0,
      bugReports: (await db.select({ n: count() }).from(t.bugReports))[0]?.n ?? 0,
      serviceRequests: (await db.select({ n: count() }).from(t.serviceRequests))[0]?.n ?? 0,
      conversations: (await db.select({ n: count() }).from(t.supportConversations))[0]?.n ?? 0,
      messages: (await db.select({ n: count() }).from(t.supportMessages))[0]?.n ?? 0,
      paymentEvents: (await db.select({ n: count() }).from(t.paymentEvents))[0]?.n ?? 0,
      sandboxSessions: (await db.select({ n: count() }).from(t.sandboxPaymentSessions))[0]?.n ?? 0,
    });

    // A customer's records of every kind, made the way customers make them.
    await signUp(store, 'kept@example.com');
    const pkg = await aCataloguePackage(store);
    const esim = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await postJson(store, `/api/sandbox-payments/${esim.sessionId}/pay`, {});
    await waitForStatus(store, esim, 'fulfilled');
    const ordered = await placeUnlockOrder(store, luhnImei('35332277', 1));
    const quoteOnly = await postJson(store, '/api/quotes', {
      imei: luhnImei('35332277', 2),
      brand: 'Apple',
      model: 'iPhone 15',
      network: 'AT&T',
      country: 'US',
    });
    expect(quoteOnly.status).toBe(200);
    const bug = await postBugReport(
      store,
      {
        email: 'reporter@example.com',
        title: 'Broken',
        description: 'It broke.',
        priority: 'low',
        page_url: 'http://localhost/esim-shop',
      },
      [{ name: 's.png', bytes: png }],
    );
    expect(bug.status).toBe(201);
    const bugId = ((await bug.json()) as { id: string }).id;
    const screenshots = join(dataDir, 'bug-reports', bugId);
    expect(existsSync(screenshots)).toBe(true);
    const request = await postJson(store, '/api/service-requests', {
      email: 'asker@example.com',
      imei: luhnImei('35332277', 3),
      brand: 'Sony',
      model: 'Xperia 1 V',
      carrier: 'telcel-mx',
      country: 'MX',
    });
    expect(request.status).toBe(201);
    const question = await postJson(store, '/api/support/conversations', {
      email: 'writer@example.com',
      message: 'Do you sell eSIMs for Peru?',
    });
    expect(question.status).toBe(201);
    const start = await rows();
    for (const [name, n] of Object.entries(start)) expect(n, name).toBeGreaterThan(0);

    const deps = { db, dataDir, logger: store.deps.logger };
    const now = Date.now();
    // A day on: nothing is old enough yet.
    expect(Object.values(await applyRetention(deps, new Date(now + DAY))).every((n) => n === 0)).toBe(true);

    // 100 days on: the quote nobody ordered, expired sessions, handled payment events and the
    // sandbox's sessions go; the ordered quote, orders, mail, reports and requests stay.
    const later = await applyRetention(deps, new Date(now + 100 * DAY));
    expect(later).toMatchObject({ orders: 0, sentMail: 0, bugReports: 0, serviceRequests: 0, supportConversations: 0 });
    expect(later.quotes).toBeGreaterThanOrEqual(1);
    const after100 = await rows();
    expect(after100).toMatchObject({ sessions: 0, paymentEvents: 0, sandboxSessions: 0 });
    expect(after100.orders).toBe(start.orders);
    const [orderedQuote] = await db
      .select({ id: t.unlockOrders.quoteId })
      .from(t.unlockOrders)
      .where(eq(t.unlockOrders.orderId, ordered.orderId));
    expect(
      await db
        .select()
        .from(t.quotes)
        .where(eq(t.quotes.id, orderedQuote?.id ?? '')),
    ).toHaveLength(1);

    // Past a year: reports (with their screenshot files) and requests; past 2 years: mail.
    await applyRetention(deps, new Date(now + (RETENTION.bugReports.days + 1) * DAY));
    expect(await rows()).toMatchObject({ bugReports: 0, serviceRequests: 0 });
    expect(existsSync(screenshots)).toBe(false);
    expect((await rows()).conversations).toBe(start.conversations);
    await applyRetention(deps, new Date(now + (RETENTION.sentMail.days + 1) * DAY));
    expect(await rows()).toMatchObject({ mail: 0, conversations: 0, messages: 0 });
    expect((await rows()).orders).toBe(start.orders);

    // Past 7 years: the orders, with everything hanging from them, and their quotes.
    await applyRetention(deps, new Date(now + (RETENTION.orders.days + 1) * DAY));
    expect(await rows()).toMatchObject({ orders: 0, quotes: 0 });
    expect(await db.select().from(t.orderEvents)).toHaveLength(0);
  });
});
