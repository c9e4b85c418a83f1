import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../bootstrap.ts';
import { anEsimOrder, anEsimPackage } from '../testing/fixtures.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore } from '../testing/test-store.ts';
import { ORDER_STREAM_DRAIN_RETRY_MS } from './order-live.ts';

describe.each(testDbKinds())('an instance draining for a shutdown on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store.close());

  it('ends live streams at once with a reconnect hint, says not ready, and closes connections after answering', async () => {
    const { packageId } = await anEsimPackage(store);
    const order = await anEsimOrder(store, { packageId });
    const res = await store.app.request(`/api/orders/${order.orderId}/events?token=${order.token}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: order-event')) text += decoder.decode((await reader.read()).value);

    const started = performance.now();
    store.drain();
    // The stream ends by itself: no 10 s wait for the client to leave.
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(text).toContain(`retry: ${ORDER_STREAM_DRAIN_RETRY_MS}\n`);

    const ready = await store.app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks).toMatchObject({ accepting: false, database: true });
    // A request received while draining is still answered, on a connection the client drops after.
    const answered = await store.app.request(`/api/orders/${order.orderId}?token=${order.token}`);
    expect(answered.status).toBe(200);
    expect(answered.headers.get('connection')).toBe('close');
    expect((await store.app.request('/api/health/live')).status).toBe(200);
  });
});
