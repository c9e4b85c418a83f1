import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from './bootstrap.ts';
import { aCataloguePackage, postJson } from './testing/fixtures.ts';
import { placeEsimOrder, waitForStatus } from './testing/orders.ts';
import { testDbKinds } from './testing/test-db.ts';
import { createTestStore } from './testing/test-store.ts';
import { luhnImei, placeUnlockOrder } from './testing/unlocks.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe.each(testDbKinds())('metrics on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore(kind, { config: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => store.close());
  const scrape = (token = TOKEN) =>
    store.app.request('/api/metrics', { headers: { authorization: `Bearer ${token}` } });

  it('serves the Prometheus text only for the token, never to the public', async () => {
    expect((await store.app.request('/api/metrics')).status).toBe(403);
    expect((await scrape('wrong-token-of-the-same-length-000000')).status).toBe(403);
    const plain = await createTestStore(kind);
    try {
      expect((await plain.app.request('/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route pattern, orders by kind and state, supplier calls, and the process', async () => {
    const pkg = await aCataloguePackage(store);
    const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await postJson(store, `/api/sandbox-payments/${order.sessionId}/pay`, {});
    await waitForStatus(store, order, 'fulfilled');
    const unlock = await placeUnlockOrder(store, luhnImei('35332299', 1));
    await postJson(store, `/api/sandbox-payments/${new URL(unlock.url).pathname.split('/').at(-1)}/pay`, {});
    // Placed with the supplier (its first poll comes 30 s later: placing is the call counted here).
    await waitForStatus(store, { ...unlock, sessionId: '' }, 'submitted');

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // The order's id is in its path, not in the series: the route pattern is.
    expect(text).toMatch(/openline_http_requests_total\{method="GET",route="\/api\/orders\/:id",status="200"\} \d+/);
    expect(text).not.toContain(order.orderId);
    expect(text).toMatch(
      /openline_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/esim\/checkout"\}/,
    );
    expect(text).toMatch(/openline_orders\{kind="esim",status="fulfilled"\} [1-9]/);
    expect(text).toMatch(/openline_orders\{kind="unlock",status="submitted"\} [1-9]/);
    expect(text).toMatch(
      /openline_supplier_calls_total\{supplier="sandbox",action="placeimeiorder",outcome="ok"\} [1-9]/,
    );
    expect(text).toMatch(/openline_payment_events\{outcome="paid"\} [1-9]/);
    expect(text).toMatch(/openline_process_resident_memory_bytes \d+/);
    expect(text).toContain('# TYPE openline_job_queue_jobs gauge');
    expect(text).toContain('# TYPE openline_order_streams gauge');
  });
});
