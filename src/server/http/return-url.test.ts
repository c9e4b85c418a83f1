import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../bootstrap.ts';
import { createTestStore, jsonHeaders } from '../testing/test-store.ts';

/** A checkout as the browser at `origin` sends it; answers the payment page it is sent to. */
async function checkoutFrom(store: Store, origin: string, headers: Record<string, string> = {}): Promise<URL> {
  const packages = (await (await store.app.request(`${origin}/api/esim/packages?country=JP`)).json()) as {
    package_id: string;
  }[];
  const res = await store.app.request(`${origin}/api/esim/checkout`, {
    method: 'POST',
    headers: jsonHeaders({ origin, ...headers }),
    body: JSON.stringify({
      email: 'traveller@example.com',
      device_type: 'ios',
      items: [{ package_id: packages[0]?.package_id, quantity: 1 }],
    }),
  });
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { url: string }).url);
}

/** Where Cancel on the sandbox payment page sends the buyer. */
async function cancelTarget(store: Store, payPage: URL): Promise<URL> {
  const res = await store.app.request(
    `${payPage.origin}/api/sandbox-payments/${payPage.pathname.split('/').at(-1)}/cancel`,
    {
      method: 'POST',
      headers: jsonHeaders({ origin: payPage.origin }),
    },
  );
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { url: string }).url);
}

describe('links that send the browser back to the store', () => {
  describe('without PUBLIC_URL', () => {
    let store: Store;
    beforeAll(async () => {
      store = await createTestStore('pglite', { config: { PUBLIC_URL: '' }, jobs: { workers: false } });
    });
    afterAll(() => store.close());

    it('use the address the browser used, for the payment page and its return and cancel links', async () => {
      for (const origin of ['http://127.0.0.1:3000', 'http://192.168.1.20:3000']) {
        const payPage = await checkoutFrom(store, origin);
        expect(payPage.origin).toBe(origin);
        const back = await cancelTarget(store, payPage);
        expect(back.origin).toBe(origin);
        expect(back.pathname).toBe('/esim-shop');
      }
    });

    it('ignore forwarded headers unless the proxy is trusted', async () => {
      const payPage = await checkoutFrom(store, 'http://127.0.0.1:3000', {
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      });
      expect(payPage.origin).toBe('http://127.0.0.1:3000');
    });
  });

  describe('behind a trusted proxy, without PUBLIC_URL', () => {
    let store: Store;
    beforeAll(async () => {
      store = await createTestStore('pglite', {
        config: { PUBLIC_URL: '', TRUST_PROXY: 'true' },
        jobs: { workers: false },
      });
    });
    afterAll(() => store.close());

    it('use the address the proxy forwarded', async () => {
      const payPage = await checkoutFrom(store, 'http://10.0.0.5:3000', {
        'x-forwarded-host': 'shop.example',
        'x-forwarded-proto': 'https',
      });
      expect(payPage.origin).toBe('https://shop.example');
    });
  });

  describe('with PUBLIC_URL', () => {
    let store: Store;
    beforeAll(async () => {
      store = await createTestStore('pglite', {
        config: { PUBLIC_URL: 'https://openline.example' },
        jobs: { workers: false },
      });
    });
    afterAll(() => store.close());

    it('use the configured address whatever the browser used', async () => {
      const payPage = await checkoutFrom(store, 'http://127.0.0.1:3000');
      expect(payPage.origin).toBe('https://openline.example');
    });
  });
});
