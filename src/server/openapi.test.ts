import { readFile, writeFile } from 'node:fs/promises';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUG_REPORT_BODY_MAX_BYTES } from '../domain/bug-report.ts';
import { LICENSE_IMPORT_BODY_MAX_BYTES } from '../domain/licenses.ts';
import type { Store } from './bootstrap.ts';
import type { paths } from './http/api-types.ts';
import { API_TYPES_FILE, apiTypesSource } from './testing/api-types.ts';
import { testDbKinds } from './testing/test-db.ts';
import { createTestStore, TEST_PUBLIC_URL } from './testing/test-store.ts';
import { luhnImei } from './testing/unlocks.ts';

/** The document as the production store serves it: a real address, the local commands' routes. */
describe('the OpenAPI document', () => {
  let store: Store;
  let document: string;

  beforeAll(async () => {
    store = await createTestStore('pglite', {
      internalToken: 'openapi-test',
      config: { PUBLIC_URL: 'https://store.openline.shop' },
    });
    document = await (await store.app.request('/api/openapi.json')).text();
  });
  afterAll(() => store?.close());

  it('holds every API route the app serves', () => {
    const documented = new Set<string>();
    const paths = (JSON.parse(document) as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const [path, item] of Object.entries(paths)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    // The catch-alls (the API's 404, better-auth's dispatcher) and the limiters in front of them are no operations.
    const served = store.app.routes
      .filter((route) => route.path.startsWith('/api/') && !route.path.includes('*') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
    expect(documented.size).toBeGreaterThan(100);
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const problems = await lintFromString({
      source: document,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`)).toEqual([]);
  });

  it('says who may call each operation', () => {
    const operations = Object.values(
      (JSON.parse(document) as { paths: Record<string, Record<string, { security?: unknown[] }>> }).paths,
    ).flatMap((item) => Object.values(item));
    expect(operations.filter((operation) => operation.security === undefined)).toEqual([]);
  });

  it('states the body limit of every write, the routes that take files with their own (issue 45 §7)', () => {
    const paths = (JSON.parse(document) as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
    const writes = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ at: `${method} ${path}`, limit: operation['x-body-limit-bytes'] })),
    );
    expect(writes.filter((write) => typeof write.limit !== 'number')).toEqual([]);
    const limitOf = (at: string) => writes.find((write) => write.at === at)?.limit;
    expect(limitOf('post /api/bug-reports')).toBe(BUG_REPORT_BODY_MAX_BYTES);
    expect(limitOf('post /api/admin/licenses/import')).toBe(LICENSE_IMPORT_BODY_MAX_BYTES);
    expect(limitOf('post /api/quotes')).toBe(store.deps.config.BODY_LIMIT_BYTES);
  });

  it('is what api-types.ts was generated from (npm run api:types)', async () => {
    const expected = await apiTypesSource(store);
    if (process.env.UPDATE_API_TYPES) await writeFile(API_TYPES_FILE, expected);
    expect(await readFile(API_TYPES_FILE, 'utf8')).toBe(expected);
  });
});

describe.each(testDbKinds())('the typed client on %s', (kind) => {
  let store: Store;

  beforeAll(async () => {
    store = await createTestStore(kind, { jobs: { workers: false } });
  });
  afterAll(() => store?.close());

  it('quotes, orders, pays and reads an unlock through the generated types', async () => {
    const api = createClient<paths>({
      baseUrl: TEST_PUBLIC_URL,
      headers: { origin: TEST_PUBLIC_URL },
      fetch: async (request) => store.app.request(request),
    });
    const imei = luhnImei('35693803', 4242);
    const quote = await api.POST('/api/quotes', {
      body: { imei, brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' },
    });
    expect(quote.error).toBeUndefined();
    expect(quote.data?.supported).toBe(true);

    const placed = await api.POST('/api/orders/unlock', {
      body: {
        quote_id: quote.data?.quote_id ?? '',
        imei,
        brand: 'Apple',
        model: 'iPhone 15',
        carrier: 'AT&T',
        country: 'US',
        email: 'typed@example.com',
        agree_to_terms: true,
        agree_to_refund_policy: true,
      },
    });
    expect(placed.error).toBeUndefined();
    const session = new URL(placed.data?.url ?? '').pathname.split('/').at(-1) ?? '';
    const page = await api.GET('/api/sandbox-payments/{id}', { params: { path: { id: session } } });
    expect(page.data).toMatchObject({ status: 'open', amount_cents: quote.data?.price_cents });

    const paid = await api.POST('/api/sandbox-payments/{id}/pay', { params: { path: { id: session } } });
    expect(paid.error).toBeUndefined();
    // The payment page returns the buyer to the order's guest link.
    const token = new URL(paid.data?.url ?? '').searchParams.get('token') ?? '';
    const order = await api.GET('/api/orders/{id}', {
      params: { path: { id: placed.data?.order_id ?? '' }, query: { token } },
    });
    expect(order.data).toMatchObject({ kind: 'unlock', total_cents: quote.data?.price_cents });

    const refused = await api.GET('/api/orders/{id}', {
      params: { path: { id: placed.data?.order_id ?? '' }, query: { token: 'not-its-token' } },
    });
    expect(refused.response.status).toBe(404);
    expect(refused.error?.error.code).toBe('NOT_FOUND');
  });
});
