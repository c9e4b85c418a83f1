import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet, LARGE_BODY_BYTES } from './quiet-collect.ts';

const QUIET = 5_000;

/** A fake server: `request(headers)` starts a request and answers the function that ends it. */
function fakeServer() {
  const server = new EventEmitter();
  const request = (headers: Record<string, string> = {}) => {
    const res = new EventEmitter();
    server.emit('request', { headers } as unknown as IncomingMessage, res as unknown as ServerResponse);
    return () => res.emit('close');
  };
  return { server, request };
}

const large = { 'content-length': String(LARGE_BODY_BYTES) };
const chunked = { 'transfer-encoding': 'chunked' };

describe('a collection when the server is quiet after a large body', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each<[string, Record<string, string>[], number]>([
    ['a large body', [large], 1],
    ['a body of unknown length', [chunked], 1],
    ['small bodies only', [{ 'content-length': '2000' }, {}], 0],
    ['three large bodies in a burst', [large, large, large], 1],
  ])('%s: %i collection(s) once quiet', (_label, bodies, collections) => {
    const collect = vi.fn();
    const { server, request } = fakeServer();
    collectWhenQuiet(server, collect, QUIET);
    for (const headers of bodies) request(headers)();
    vi.advanceTimersByTime(QUIET - 1);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(collections);
    vi.advanceTimersByTime(QUIET * 10);
    expect(collect).toHaveBeenCalledTimes(collections);
  });

  it('is put off while requests keep coming, and not by a live stream left open', () => {
    const collect = vi.fn();
    const { server, request } = fakeServer();
    collectWhenQuiet(server, collect, QUIET);
    request(); // a live order stream, never ended
    request(large)();
    for (let n = 0; n < 5; n++) {
      vi.advanceTimersByTime(QUIET - 1);
      request()();
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('watches nothing when node runs without --expose-gc', () => {
    const { server, request } = fakeServer();
    collectWhenQuiet(server, undefined, QUIET);
    expect(server.listenerCount('request')).toBe(0);
    request(large)();
  });
});
