import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { catalogList } from './catalog-list';

const rows = z.array(z.object({ name: z.string() }));

/** A fetch that answers each call with the next list, counting the calls. */
function answering(...lists: unknown[][]) {
  const fetch = vi.fn(async () => {
    const body = lists.shift();
    if (!body) return new Response('{}', { status: 503 });
    return Response.json(body);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('catalogList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('gives the first load the answer asked for ahead, and asks again after that', async () => {
    const fetch = answering([{ name: 'early' }], [{ name: 'later' }]);
    const list = catalogList('/api/catalog/things', rows);
    list.preload();
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(list.load()).resolves.toEqual([{ name: 'early' }]);
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(list.load()).resolves.toEqual([{ name: 'later' }]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks once however often it is preloaded before a load', async () => {
    const fetch = answering([{ name: 'early' }]);
    const list = catalogList('/api/catalog/things', rows);
    list.preload();
    list.preload();
    await list.load();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('loads afresh when the early answer is too old to stand for the list', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const fetch = answering([{ name: 'early' }], [{ name: 'fresh' }]);
    const list = catalogList('/api/catalog/things', rows);
    list.preload();
    vi.advanceTimersByTime(31_000);
    await expect(list.load()).resolves.toEqual([{ name: 'fresh' }]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('hands an early failure to the load that takes it, not to the page as an unhandled rejection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answering();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const list = catalogList('/api/catalog/things', rows);
      list.preload();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(list.load()).rejects.toMatchObject({ status: 503 });
      expect(warn).toHaveBeenCalledWith('Could not load /api/catalog/things', expect.anything());
    } finally {
      warn.mockRestore();
      process.off('unhandledRejection', unhandled);
    }
  });
});
