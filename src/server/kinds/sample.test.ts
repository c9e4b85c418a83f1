import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCode } from '../../domain/kinds/sample.ts';
import type { OrderLookupAnswer } from '../../domain/order-lookup.ts';
import type { SharedOrder } from '../../domain/order-answer.ts';
import { shortId } from '../../domain/short-id.ts';
import type { Store } from '../bootstrap.ts';
import { findOrder } from '../modules/orders/service.ts';
import { asKind, postJson, waitForStatus } from '../testing/orders.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore, TEST_PUBLIC_URL } from '../testing/test-store.ts';

/**
 * The plug-in path (ADR 068): the sample kind is its own modules (domain/kinds/sample.ts,
 * server/kinds/sample.ts, components/order/kinds/sample-view.tsx), one line in each registry and a
 * migration. Sold through the one checkout, paid, delivered by its job chain, tracked, shared and
 * mailed by shared code that never names it.
 */
describe.each(testDbKinds())('a kind added through the registries alone, on %s', (kind) => {
  let store: Store;
  const email = `sample-${kind}@example.com`;

  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store.close());

  it('is sold, paid, delivered, tracked, shared and mailed', async () => {
    const { url, order } = await store.deps.workflows.checkout({
      kind: 'sample',
      email,
      userId: null,
      couponCode: null,
      lines: [{ productRef: 'sample-1', name: 'A sample', unitPriceCents: 500, quantity: 1, details: {} }],
      description: (placed) => `Sample ${shortId(placed.id)}`,
      successUrl: (placed) => `${TEST_PUBLIC_URL}/order/${placed.id}`,
      cancelUrl: `${TEST_PUBLIC_URL}/`,
    });
    const sessionId = new URL(url).pathname.split('/').at(-1) ?? '';
    expect((await postJson(store, `/api/sandbox-payments/${sessionId}/pay`, {})).status).toBeLessThan(400);

    const placed = { url, sessionId, orderId: order.id, token: order.accessToken };
    const done = asKind(await waitForStatus(store, placed, 'fulfilled'), 'sample');
    expect(done.sample.code).toBe(sampleCode(order.id));
    expect(done.total_cents).toBe(500);
    expect(done.events.map((event) => event.status)).toEqual(['pending_payment', 'paid', 'fulfilled']);

    await expect
      .poll(async () => (await store.deps.mailer.outbox({ to: email })).map((mail) => mail.subject).sort())
      .toEqual([
        `Order confirmed: your sample (order ${shortId(order.id)})`,
        `Your sample is ready (order ${shortId(order.id)})`,
      ]);

    const lookup = await postJson(store, '/api/orders/lookup', { email, order_id_or_imei: shortId(order.id) });
    const found = (await lookup.json()) as OrderLookupAnswer;
    expect(found.orders.map((row) => [row.kind, row.href])).toEqual([
      ['sample', `/order/${order.id}?token=${encodeURIComponent(order.accessToken)}`],
    ]);

    const link = await postJson(
      store,
      `/api/orders/${order.id}/shares?token=${encodeURIComponent(order.accessToken)}`,
      {},
    );
    expect(link.status).toBe(201);
    const { token } = (await link.json()) as { token: string };
    const shared = (await (await store.app.request(`/api/shares/${token}`)).json()) as SharedOrder;
    expect(shared).toMatchObject({ kind: 'sample', status: 'fulfilled', title: 'A sample' });
    expect(JSON.stringify(shared)).not.toContain(sampleCode(order.id));
    expect((await findOrder(store.deps.database.db, order.id))?.fulfilmentDueAt).toBeNull();
  });
});
