import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AuditPage, Overview } from '../../../domain/admin.ts';
import type { KeyImportReport, PublicLicense, RevealedKey } from '../../../domain/licenses.ts';
import {
  CUSTOMER_REFUND_ANSWERS,
  LICENSE_IMPORT_BODY_MAX_BYTES,
  LICENSE_IMPORT_MAX_BYTES,
  LICENSE_IMPORT_MESSAGES,
  LICENSE_MESSAGES,
  LICENSE_STOCK_WAIT_HOURS,
} from '../../../domain/licenses.ts';
import type { Store } from '../../bootstrap.ts';
import { inTransaction, openPostgres } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { capturedLogger } from '../../testing/captured-logger.ts';
import { getJson, postJson, signUpAdmin } from '../../testing/fixtures.ts';
import { databaseUrlWithName } from '../../testing/global-setup.ts';
import { asKind, getOrder, type PlacedOrder, waitForStatus } from '../../testing/orders.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { findOrder, placeOrder } from '../orders/service.ts';
import { SANDBOX_STOCK } from './service.ts';

const INTERNAL_TOKEN = 'internal-token-for-license-tests';
const PRODUCT = 'windows-11-pro';

/** A product of the test's own, so its stock is exactly what the test imports. */
async function testProduct(store: Store, slug: string) {
  await store.deps.database.db.insert(t.licenseProducts).values({
    slug,
    name: `Test license ${slug}`,
    vendor: 'OpenLine',
    edition: 'Test',
    category: 'utilities',
    platforms: ['windows'],
    termMonths: null,
    devices: 1,
    priceCents: 1000,
    summary: 'A license the tests sell.',
    receives: ['One key'],
    activationSteps: ['Type the key.'],
  });
}

const keysFor = (slug: string, count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${slug},${prefix}-${String(i).padStart(5, '0')}-ABCDE`);

describe.each(testDbKinds())('digital licenses on %s', (kind) => {
  let store: Store;
  let admin: string;
  const { logger, lines } = capturedLogger();

  const importCsv = (csv: string) => postJson(store, '/api/admin/licenses/import', { csv }, { cookie: admin });

  /** A license order placed and paid through the shared checkout and the sandbox's pay page. */
  async function buy(items: { slug: string; quantity: number }[], email = 'buyer@example.com'): Promise<PlacedOrder> {
    const res = await postJson(store, '/api/licenses/checkout', { email, items });
    const body = (await res.json()) as { url: string; order_id: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    const sessionId = new URL(body.url).pathname.split('/').at(-1) ?? '';
    expect((await postJson(store, `/api/sandbox-payments/${sessionId}/pay`, {})).status).toBeLessThan(400);
    const order = await findOrder(store.deps.database.db, body.order_id);
    return { url: body.url, sessionId, orderId: body.order_id, token: order?.accessToken ?? '' };
  }

  /** A license order placed and paid in the payment's own transaction, as a provider's event settles it. */
  async function placePaid(on: Store, slug: string, email: string) {
    const db = on.deps.database.db;
    const order = await placeOrder(db, {
      kind: 'license',
      email,
      userId: null,
      currency: 'USD',
      subtotalCents: 1000,
      discountCents: 0,
      totalCents: 1000,
      couponCode: null,
      items: [{ productRef: slug, name: `Test license ${slug}`, unitPriceCents: 1000, quantity: 1, details: {} }],
    });
    return order.id;
  }
  const pay = (on: Store, orderId: string) =>
    inTransaction(on.deps.database.db, (tx) =>
      // Paid through another provider: the refunds after the wait are recorded, not sent to the sandbox.
      on.deps.workflows.applyPaymentEvent(tx, 'elsewhere', {
        id: `evt-${orderId}`,
        type: 'completed',
        providerType: 'checkout.session.completed',
        sessionId: null,
        orderId,
        paymentRef: `pi_${orderId}`,
        amountCents: 1000,
      }),
    );

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN, logger });
    admin = await signUpAdmin(store, `licenses-${kind}@example.com`, INTERNAL_TOKEN);
  });
  afterAll(() => store.close());

  it('lists the catalogue with its stock, searched and filtered', async () => {
    const all = (await getJson<PublicLicense[]>(store, '/api/licenses')).body;
    expect(all).toHaveLength(12);
    expect(all.find((product) => product.slug === SANDBOX_STOCK.outOfStock)?.available).toBe(0);
    expect(all.find((product) => product.slug === PRODUCT)?.available).toBeGreaterThan(0);
    const vpn = (await getJson<PublicLicense[]>(store, '/api/licenses?category=vpn&platform=linux')).body;
    expect(vpn.map((product) => product.slug).sort()).toEqual(['nordvpn-standard-1-year', 'proton-vpn-plus-1-year']);
    expect((await getJson<PublicLicense[]>(store, '/api/licenses?q=office%20home')).body.map((p) => p.slug)).toEqual([
      'office-home-2024',
    ]);
    expect((await getJson(store, '/api/licenses?category=games')).status).toBe(400);
    expect((await getJson(store, '/api/licenses/no-such-license')).status).toBe(404);
  });

  it('imports keys encrypted, refusing duplicates in the file and in stock, with a report; a malformed file changes nothing', async () => {
    await testProduct(store, 'import-rules');
    const before = await store.deps.licenses.product('import-rules');
    expect(before?.available).toBe(0);

    const malformed = await importCsv('product;key\nimport-rules;AAAAA-BBBBB');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { message: string } }).error.message).toBe(
      LICENSE_IMPORT_MESSAGES.header,
    );
    const badLine = await importCsv('product,key\nimport-rules,IMPORT-AAAAA-00001\nimport-rules,TOO,MANY');
    expect(badLine.status).toBe(400);
    expect((await store.deps.licenses.product('import-rules'))?.available).toBe(0);

    const res = await importCsv(
      [
        'product,key',
        'import-rules,IMPORT-AAAAA-00001',
        'import-rules,IMPORT-AAAAA-00002',
        'no-such-product,IMPORT-AAAAA-00003',
        'import-rules,bad key with spaces',
        'import-rules,IMPORT-AAAAA-00001',
        '"import-rules","IMPORT-AAAAA-00004"',
      ].join('\r\n'),
    );
    const report = (await res.json()) as KeyImportReport & { message: string };
    expect(res.status).toBe(200);
    expect(report).toMatchObject({ imported: 3, by_product: { 'import-rules': 3 } });
    expect(report.refused).toEqual([
      { line: 4, reason: LICENSE_IMPORT_MESSAGES.unknownProduct('no-such-product') },
      { line: 5, reason: LICENSE_IMPORT_MESSAGES.badKey },
      { line: 6, reason: LICENSE_IMPORT_MESSAGES.duplicateInFile(2) },
    ]);
    const again = (await (await importCsv('product,key\nimport-rules,IMPORT-AAAAA-00002')).json()) as KeyImportReport;
    expect(again).toMatchObject({
      imported: 0,
      refused: [{ line: 2, reason: LICENSE_IMPORT_MESSAGES.duplicateInStock }],
    });

    // At rest: neither the key nor a plain hash of it is stored.
    const rows = await store.deps.database.db
      .select()
      .from(t.licenseKeys)
      .where(eq(t.licenseKeys.productSlug, 'import-rules'));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.ciphertext).not.toContain('IMPORT');
      expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
    }
    const { body } = await getJson<AuditPage>(store, '/api/admin/audit?action=licenses.import', { cookie: admin });
    expect(body.events[0]).toMatchObject({ action: 'licenses.import', after: { imported: 0 } });
    expect((await importCsv('product,key\n')).status).toBe(400);
    expect((await postJson(store, '/api/admin/licenses/import', { csv: 'x' })).status).toBe(401);
  });

  it('imports the largest file the page allows: 9,000 keys of 111 characters (1.18 MB), past the general body limit (issue 45 §7)', async () => {
    await testProduct(store, 'big-import');
    const keys = Array.from({ length: 9_000 }, (_, i) => `BIG-${String(i).padStart(6, '0')}-${'K'.repeat(100)}`);
    const csv = ['product,key', ...keys.map((key) => `big-import,${key}`)].join('\n');
    expect(csv.length).toBeGreaterThan(1_048_576);
    expect(csv.length).toBeLessThanOrEqual(LICENSE_IMPORT_MAX_BYTES);
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ imported: 9_000, refused: [] });
    // Past the route's own limit: a 413 before the body is read.
    const over = await importCsv('x'.repeat(LICENSE_IMPORT_BODY_MAX_BYTES));
    expect(over.status).toBe(413);
  }, 60_000);

  it('delivers a key at payment, shows it only through the reveal to its owner, and then refuses a refund', async () => {
    await testProduct(store, 'reveal-rules');
    await importCsv('product,key\nreveal-rules,REVEAL-SECRET-KEY-00001');
    const order = await buy([{ slug: 'reveal-rules', quantity: 1 }], 'revealer@example.com');
    await waitForStatus(store, order, 'fulfilled');

    const answer = asKind((await getOrder(store, order.orderId, order.token)).body, 'license');
    expect(answer.license).toMatchObject({ waiting_for_stock: false, refundable: true });
    const [key] = answer.license.keys;
    expect(key).toMatchObject({ product: 'reveal-rules', state: 'assigned', revealed_at: null });
    expect(JSON.stringify(answer)).not.toContain('REVEAL-SECRET');

    const reveal = (path: string, headers: Record<string, string> = {}) =>
      postJson(store, `/api/orders/${order.orderId}/license-keys/${key?.id}/reveal${path}`, {}, headers);
    expect((await reveal('')).status).toBe(404);
    expect((await reveal('?token=not-the-token')).status).toBe(404);
    expect((await reveal('', { cookie: admin })).status).toBe(404);

    const shown = await reveal(`?token=${order.token}`);
    const revealed = (await shown.json()) as RevealedKey;
    expect(shown.status).toBe(200);
    expect(revealed.key).toBe('REVEAL-SECRET-KEY-00001');
    const again = (await (await reveal(`?token=${order.token}`)).json()) as RevealedKey;
    expect(again.revealed_at).toBe(revealed.revealed_at);

    const after = asKind((await getOrder(store, order.orderId, order.token)).body, 'license');
    expect(after.license).toMatchObject({ refundable: false, keys: [{ state: 'revealed' }] });
    const detail = (await getJson<AdminOrderDetail>(store, `/api/admin/orders/${order.orderId}`, { cookie: admin }))
      .body;
    expect(detail.actions).not.toContain('refund');
    const refund = await postJson(
      store,
      `/api/admin/orders/${order.orderId}/actions`,
      { action: 'refund', reason: 'changed mind' },
      { cookie: admin },
    );
    expect(refund.status).toBe(409);
    // The refusal says when the key was revealed, and the reveal is on the order's timeline once.
    const when = `${revealed.revealed_at.slice(0, 10)} at ${revealed.revealed_at.slice(11, 16)}`;
    expect(((await refund.json()) as { error: { message: string } }).error.message).toBe(
      LICENSE_MESSAGES.revealedAt(when),
    );
    // The order page says the same before anyone presses anything.
    expect(detail.not_offered).toContainEqual({ action: 'refund', reason: LICENSE_MESSAGES.revealedAt(when) });
    const reveals = detail.timeline.filter((entry) => /^License key revealed/.test(entry.detail ?? ''));
    expect(reveals).toEqual([
      expect.objectContaining({
        type: 'state',
        detail: expect.stringMatching(/^License key revealed to the customer \(address [0-9a-f]{12}\)\.$/),
      }),
    ]);

    // An admin may look, audited, without revealing it to the customer; a share link never shows it.
    const look = await postJson(
      store,
      `/api/admin/orders/${order.orderId}/license-keys/${key?.id}/show`,
      {},
      { cookie: admin },
    );
    expect(await look.json()).toEqual({ key: 'REVEAL-SECRET-KEY-00001' });
    const placed = await findOrder(store.deps.database.db, order.orderId);
    if (placed) expect(await store.deps.kinds.license.shared(placed, [])).toEqual({ kind: 'license' });
    await expect
      .poll(async () => (await store.deps.mailer.outbox({ to: 'revealer@example.com' })).map((mail) => mail.subject))
      .toContain(`Your license key is ready (order ${order.orderId.slice(0, 8)})`);
    const mails = await store.deps.mailer.outbox({ to: 'revealer@example.com' });
    expect(JSON.stringify(mails)).not.toContain('REVEAL-SECRET');
    expect(JSON.stringify(lines)).not.toContain('REVEAL-SECRET');
  });

  it('refunds an unrevealed order at an admin’s word and retires its key for good', async () => {
    await testProduct(store, 'refund-rules');
    await importCsv('product,key\nrefund-rules,REFUND-RULES-KEY-0001');
    const order = await buy([{ slug: 'refund-rules', quantity: 1 }], 'refunder@example.com');
    await waitForStatus(store, order, 'fulfilled');
    const refund = await postJson(
      store,
      `/api/admin/orders/${order.orderId}/actions`,
      { action: 'refund', reason: 'wrong edition' },
      { cookie: admin },
    );
    expect(refund.status).toBe(200);
    await waitForStatus(store, order, 'refunded');
    const [key] = await store.deps.database.db
      .select({ id: t.licenseKeys.id, state: t.licenseKeys.state })
      .from(t.licenseKeys)
      .where(eq(t.licenseKeys.orderId, order.orderId));
    expect(key?.state).toBe('refunded');
    const reveal = await postJson(
      store,
      `/api/orders/${order.orderId}/license-keys/${key?.id}/reveal?token=${order.token}`,
      {},
    );
    expect(reveal.status).toBe(409);
    // The database itself refuses to put it back in stock.
    await expect(
      store.deps.database.db
        .update(t.licenseKeys)
        .set({ state: 'available', orderId: null, orderItemId: null })
        .where(eq(t.licenseKeys.id, key?.id ?? '')),
    ).rejects.toThrow();
  });

  it('refunds an unrevealed order at its customer’s request, once; a revealed one says when it was revealed', async () => {
    await testProduct(store, 'self-refund');
    await importCsv('product,key\nself-refund,SELF-REFUND-KEY-0001\nself-refund,SELF-REFUND-KEY-0002');
    const ask = (order: PlacedOrder, token = order.token) =>
      postJson(store, `/api/orders/${order.orderId}/refund?token=${token}`, {});

    const order = await buy([{ slug: 'self-refund', quantity: 1 }], 'self-refunder@example.com');
    await waitForStatus(store, order, 'fulfilled');
    expect((await ask(order, 'not-the-token')).status).toBe(404);
    const first = await ask(order);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ outcome: 'refunding', message: CUSTOMER_REFUND_ANSWERS.refunding('$10.00') });
    const refunded = await waitForStatus(store, order, 'refunded');
    expect(refunded.events.map((event) => event.message)).toContain(CUSTOMER_REFUND_ANSWERS.note);
    expect(await (await ask(order)).json()).toMatchObject({ outcome: 'refunded' });
    const [key] = await store.deps.database.db
      .select({ id: t.licenseKeys.id, state: t.licenseKeys.state })
      .from(t.licenseKeys)
      .where(eq(t.licenseKeys.orderId, order.orderId));
    expect(key?.state).toBe('refunded');
    const reveal = `/api/orders/${order.orderId}/license-keys/${key?.id}/reveal?token=${order.token}`;
    expect((await postJson(store, reveal, {})).status).toBe(409);

    const kept = await buy([{ slug: 'self-refund', quantity: 1 }], 'self-keeper@example.com');
    await waitForStatus(store, kept, 'fulfilled');
    const [keptKey] = await store.deps.database.db
      .select({ id: t.licenseKeys.id })
      .from(t.licenseKeys)
      .where(eq(t.licenseKeys.orderId, kept.orderId));
    const shown = (await (
      await postJson(store, `/api/orders/${kept.orderId}/license-keys/${keptKey?.id}/reveal?token=${kept.token}`, {})
    ).json()) as RevealedKey;
    const when = `${shown.revealed_at.slice(0, 10)} at ${shown.revealed_at.slice(11, 16)}`;
    expect(await (await ask(kept)).json()).toEqual({
      outcome: 'not_refundable',
      message: LICENSE_MESSAGES.revealedAt(when),
    });
    expect((await findOrder(store.deps.database.db, kept.orderId))?.status).toBe('fulfilled');
  });

  it('refuses a checkout above the stock now, with what is left', async () => {
    const res = await postJson(store, '/api/licenses/checkout', {
      email: 'greedy@example.com',
      items: [{ slug: SANDBOX_STOCK.outOfStock, quantity: 1 }],
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'OUT_OF_STOCK', details: { available: 0 } } });
  });

  it('200 paid orders on 100 keys: 100 delivered, 100 wait and are refunded after the stated time, no key twice', async () => {
    const slug = 'race-100';
    await testProduct(store, slug);
    await importCsv(['product,key', ...keysFor(slug, 100, 'RACE')].join('\n'));
    const ids: string[] = [];
    for (let i = 0; i < 200; i += 1) ids.push(await placePaid(store, slug, `racer${i}@example.com`));
    await Promise.all(ids.map((id) => pay(store, id)));

    const keys = await store.deps.database.db
      .select({ orderId: t.licenseKeys.orderId, state: t.licenseKeys.state })
      .from(t.licenseKeys)
      .where(eq(t.licenseKeys.productSlug, slug));
    const owners = keys.map((key) => key.orderId).filter(Boolean);
    expect(owners).toHaveLength(100);
    expect(new Set(owners).size).toBe(100);
    const waits = await store.deps.database.db
      .select({ orderId: t.licenseWaits.orderId })
      .from(t.licenseWaits)
      .where(inArray(t.licenseWaits.orderId, ids));
    expect(waits).toHaveLength(100);
    expect(waits.some((wait) => owners.includes(wait.orderId))).toBe(false);

    const waiting = waits[0]?.orderId ?? '';
    const order = await findOrder(store.deps.database.db, waiting);
    const answer = asKind((await getOrder(store, waiting, order?.accessToken ?? '')).body, 'license');
    expect(answer).toMatchObject({ status: 'paid', license: { waiting_for_stock: true, keys: [] } });

    // Not yet: nothing is refunded before the stated time.
    expect(await store.deps.workflows.fillWaitingLicenseOrders()).toEqual({ filled: 0, refunded: 0 });
    const later = new Date(Date.now() + (LICENSE_STOCK_WAIT_HOURS + 1) * 3_600_000);
    expect(await store.deps.workflows.fillWaitingLicenseOrders(later)).toEqual({ filled: 0, refunded: 100 });
    const statuses = await store.deps.database.db
      .select({ status: t.orders.status, n: sql<number>`count(*)::int` })
      .from(t.orders)
      .where(inArray(t.orders.id, ids))
      .groupBy(t.orders.status);
    expect(Object.fromEntries(statuses.map((row) => [row.status, row.n]))).toMatchObject({ refunded: 100 });
  });

  it('fills waiting orders in payment order when stock arrives, and tells who asked once', async () => {
    const slug = 'restock';
    await testProduct(store, slug);
    const ids: string[] = [];
    // Paid one after the other, out of stock: the first paid waits longest.
    for (const n of [1, 2, 3]) {
      const id = await placePaid(store, slug, `waiter${n}@example.com`);
      await pay(store, id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      ids.push(id);
    }
    // The day's work says so.
    const { body: overview } = await getJson<Overview>(store, '/api/admin/overview', { cookie: admin });
    expect(overview.attention).toContainEqual(expect.objectContaining({ id: ids[0], reason: 'waiting_for_stock' }));
    expect(overview.low_stock).toContainEqual({ slug, name: `Test license ${slug}`, available: 0 });
    expect((await postJson(store, `/api/licenses/${slug}/notify`, { email: 'watcher@example.com' })).status).toBe(200);
    expect((await postJson(store, `/api/licenses/${slug}/notify`, { email: 'WATCHER@example.com' })).status).toBe(200);

    await importCsv(['product,key', ...keysFor(slug, 2, 'RESTOCK')].join('\n'));
    // The import queued a fill run; two more at the same moment claim nothing twice.
    await Promise.all([
      store.deps.workflows.fillWaitingLicenseOrders(),
      store.deps.workflows.fillWaitingLicenseOrders(),
    ]);
    const owners = await store.deps.database.db
      .select({ orderId: t.licenseKeys.orderId })
      .from(t.licenseKeys)
      .where(eq(t.licenseKeys.productSlug, slug));
    expect(owners.map((row) => row.orderId).sort()).toEqual(ids.slice(0, 2).sort());
    const alerts = await store.deps.mailer.outbox({ to: 'watcher@example.com' });
    expect(alerts.map((mail) => mail.subject)).toEqual([`Test license ${slug} is back in stock`]);
  });

  it('two instances on one PostgreSQL stock never hand out a key twice', async () => {
    if (kind !== 'postgres') return;
    const { rows } = await store.deps.database.sql.executeSql('SELECT current_database() AS name');
    const name = (rows as { name: string }[])[0]?.name ?? '';
    const other = await createTestStore(kind, {
      database: openPostgres(databaseUrlWithName(process.env.TEST_DATABASE_URL ?? '', name), 4),
    });
    try {
      const slug = 'two-instances';
      await testProduct(store, slug);
      await importCsv(['product,key', ...keysFor(slug, 30, 'TWO')].join('\n'));
      const ids: string[] = [];
      for (let i = 0; i < 60; i += 1) ids.push(await placePaid(store, slug, `pair${i}@example.com`));
      await Promise.all(ids.map((id, i) => pay(i % 2 === 0 ? store : other, id)));
      const owners = (
        await store.deps.database.db
          .select({ orderId: t.licenseKeys.orderId })
          .from(t.licenseKeys)
          .where(eq(t.licenseKeys.productSlug, slug))
      ).map((row) => row.orderId);
      expect(owners.filter(Boolean)).toHaveLength(30);
      expect(new Set(owners).size).toBe(30);
    } finally {
      await other.close();
    }
  });
});
