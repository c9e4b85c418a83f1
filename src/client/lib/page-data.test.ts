import { QueryClient, hydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readerOf } from './api-client';
import { apiPageData, matchedPageData, pageData, readAnswer } from './page-data';

const isNamed = (data: unknown): data is { name: string } =>
  typeof data === 'object' && data !== null && typeof (data as { name?: unknown }).name === 'string';
const reader = readerOf(isNamed);
const api = (status: number, body: unknown) => () => Promise.resolve(Response.json(body, { status }));

describe('readAnswer', () => {
  it.each([
    { case: 'a success that matches', status: 200, body: { name: 'Ada' }, read: { name: 'Ada' } },
    { case: 'a success that does not match', status: 200, body: { nom: 'Ada' }, read: null },
    { case: 'a refusal', status: 401, body: { error: { code: 'UNAUTHORIZED' } }, read: null },
    { case: 'a failure', status: 500, body: { error: { code: 'INTERNAL' } }, read: null },
  ])('$case → $read', async ({ status, body, read }) => {
    expect(await readAnswer(api(status, body), '/api/me', reader)).toEqual(read);
  });
});

describe('page data', () => {
  it('carries the server’s answers into the browser’s cache, by their query keys', () => {
    const data = pageData([
      [['me'], { user: { email: 'ada@example.com' } }],
      [['account', 'orders'], [{ id: 'o1' }]],
    ]);
    const browser = new QueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(data.queries)));
    expect(browser.getQueryData(['me'])).toEqual({ user: { email: 'ada@example.com' } });
    expect(browser.getQueryData(['account', 'orders'])).toEqual([{ id: 'o1' }]);
    expect(browser.getQueryState(['me'])?.dataUpdatedAt).toBe(data.renderedAt);
  });

  it('is found on the matched routes that have some, as one, and nowhere else', () => {
    const frame = pageData([[['me'], { user: null }]]);
    const page = pageData([[['order-page', 'o1', null], { id: 'o1' }]]);
    expect(matchedPageData([{ loaderData: undefined }, { loaderData: null }, { loaderData: page }])).toBe(page);
    expect(matchedPageData([{ loaderData: undefined }, { loaderData: { title: 'About' } }])).toBeUndefined();
    const both = matchedPageData([{ loaderData: frame }, { loaderData: page }]);
    expect(both?.queries.queries.map((query) => query.queryKey)).toEqual([['me'], ['order-page', 'o1', null]]);
    expect(both?.renderedAt).toBe(Math.max(frame.renderedAt, page.renderedAt));
  });

  it('holds each query of a page the API answered, asked for at once, and leaves a refused one to the page', async () => {
    const asked: string[] = [];
    let allAsked: () => void = () => {};
    const everyQueryAsked = new Promise<void>((resolve) => (allAsked = resolve));
    const answers: Record<string, Response> = {
      '/api/admin/overview': Response.json({ name: 'today' }),
      '/api/admin/users': Response.json({ error: { code: 'FORBIDDEN' } }, { status: 403 }),
    };
    const data = await apiPageData(
      async (path) => {
        asked.push(path);
        if (asked.length === 2) allAsked();
        // No answer before every query is asked: one after the other, this would never end.
        await everyQueryAsked;
        return answers[path] ?? Response.json({}, { status: 404 });
      },
      [
        { queryKey: ['admin', 'overview'], path: '/api/admin/overview', schema: reader },
        { queryKey: ['admin', 'users', ''], path: '/api/admin/users', schema: reader },
      ],
    );
    expect(data.queries.queries.map((query) => [query.queryKey, query.state.data])).toEqual([
      [['admin', 'overview'], { name: 'today' }],
    ]);
    const prerendered = await apiPageData(undefined, [{ queryKey: ['admin', 'overview'], path: '/x', schema: reader }]);
    expect(prerendered.queries.queries).toEqual([]);
  });

  it('is read from no API while the build prerenders', async () => {
    expect(await readAnswer(undefined, '/api/me', reader)).toBeNull();
  });
});
