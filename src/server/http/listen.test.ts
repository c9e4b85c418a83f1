import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../testing/test-store.ts';
import { listen } from './listen.ts';

/** GET / on a kept-alive agent: whether the answer came on a reused connection, and its hint. */
function getOn(agent: Agent, port: number): Promise<{ reused: boolean; hint: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ reused: req.reusedSocket, hint: res.headers['keep-alive']?.toString() }));
    });
    req.on('error', reject);
  });
}

/** Two requests `idleMs` apart on one kept-alive connection (Playwright's and many clients' agent). */
async function twoRequests(keepAliveSeconds: number, idleMs: number) {
  const app = new Hono().get('/', (c) => c.text('ok'));
  let server!: ReturnType<typeof listen>;
  const listening = new Promise<AddressInfo>((resolve) => {
    server = listen(app, { port: 0, hostname: '127.0.0.1', keepAliveSeconds }, resolve);
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { port } = await listening;
    const first = await getOn(agent, port);
    await sleep(idleMs);
    return { first, second: await getOn(agent, port) };
  } finally {
    agent.destroy();
    server.close();
  }
}

describe('the HTTP listener', () => {
  it('keeps an idle connection past the 60 s of a load balancer, and says so', () => {
    expect(testConfig().HTTP_KEEP_ALIVE_SECONDS).toBe(65);
  });

  it('serves a second request on a connection idle longer than Node’s 5 s default', async () => {
    const { first, second } = await twoRequests(testConfig().HTTP_KEEP_ALIVE_SECONDS, 6_000);
    expect(first.hint).toBe('timeout=65');
    expect(second).toEqual({ reused: true, hint: 'timeout=65' });
  });

  it('closes a connection idle past its time, so the client opens a new one', async () => {
    const { second } = await twoRequests(1, 1_500);
    expect(second.reused).toBe(false);
  });
});
