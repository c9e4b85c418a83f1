import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  faultTestDatabase,
  keepShopping,
  placeOrders,
  postJson,
  settledOrders,
  sleep,
  startStore,
  stopStore,
  type StoreProcess,
} from './testing/store-process.ts';

/**
 * Issue 27: two instances behind a load balancer, restarted one after the other (SIGTERM, start
 * again) while shoppers ask, live order streams follow orders and orders are paid and fulfilled.
 * No request is lost (every one answered below 500), no stream update is lost or repeated (each
 * follower sees every event of its order once, in order, across reconnects), no job is lost
 * (every paid order ends delivered). The balancer does what a real one does: it sends traffic to
 * instances whose readiness answers 200, and a connection refused before a request was sent is
 * tried on the other instance.
 */
const SERVER = process.env.TEST_DATABASE_URL;
const BASE_PORT = 3700 + (process.pid % 40) * 3;
const ORDERS = 6;

interface Backend {
  readonly port: number;
  ready: boolean;
}

/** A round-robin HTTP balancer over `backends`, by their readiness, polled every 100 ms. */
function loadBalancer(backends: Backend[], port: number) {
  let next = 0;
  let polling = true;
  const poll = async () => {
    while (polling) {
      await Promise.all(
        backends.map(async (backend) => {
          const res = await fetch(`http://127.0.0.1:${backend.port}/api/health/ready`).catch(() => null);
          await res?.arrayBuffer();
          backend.ready = res?.status === 200;
        }),
      );
      await sleep(100);
    }
  };
  const polled = poll();
  const pick = (exclude?: Backend) => {
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[next++ % backends.length];
      if (backend && backend.ready && backend !== exclude) return backend;
    }
    return backends.find((backend) => backend !== exclude) ?? backends[0];
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forward = (backend: Backend | undefined, attempt: number) => {
      if (!backend) return void res.writeHead(502).end();
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: backend.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
          agent: false,
        },
        (answer: IncomingMessage) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          res.on('close', () => answer.destroy());
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // Refused: the request never reached the instance, so another may take it.
        if (error.code === 'ECONNREFUSED' && attempt < 20) {
          setTimeout(() => forward(pick(backend), attempt + 1), 50);
          return;
        }
        if (!res.headersSent) res.writeHead(502).end(error.code ?? 'upstream error');
        else res.destroy();
      });
      upstream.end(body);
    };
    forward(pick(), 0);
  });
  // Idle connections stay open longer than the shoppers' own pool keeps them (undici: 4 s), so the
  // balancer never closes one as a shopper reuses it. With Node's 5 s default, that race lost one
  // request of 1,619 in a fresh run on a loaded machine (status 0: the shopper's connection to this
  // balancer, not to the store): the harness's race, not the store's (ADR 093 sets the store so).
  server.keepAliveTimeout = 65_000;
  return {
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: async () => {
      polling = false;
      await polled;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Follows an order's live stream as a browser does: reconnecting after `retry` with Last-Event-ID. */
function followOrder(base: string, orderId: string, token: string) {
  const seen: number[] = [];
  let following = true;
  let reconnects = 0;
  const done = (async () => {
    let retryMs = 3000;
    while (following) {
      const controller = new AbortController();
      const stop = setInterval(() => !following && controller.abort(), 100);
      try {
        const res = await fetch(`${base}/api/orders/${orderId}/events?token=${token}`, {
          headers: seen.length > 0 ? { 'Last-Event-ID': String(seen.at(-1)) } : {},
          signal: controller.signal,
        });
        if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
        let text = '';
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += Buffer.from(value).toString('utf8');
          const blocks = text.split('\n\n');
          text = blocks.pop() ?? '';
          for (const block of blocks) {
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) seen.push(Number(line.slice(4)));
              if (line.startsWith('retry: ')) retryMs = Number(line.slice(7));
            }
          }
        }
      } catch {
        // Ended or cut: reconnect after the retry the server last asked for.
      } finally {
        clearInterval(stop);
      }
      if (following) {
        reconnects++;
        await sleep(retryMs);
      }
    }
  })();
  return {
    seen,
    reconnects: () => reconnects,
    stop: async () => {
      following = false;
      await done;
    },
  };
}

describe.skipIf(!SERVER)('a rolling restart of two instances under load', () => {
  const database = faultTestDatabase(SERVER ?? 'postgres://x@127.0.0.1/x', 'rolling');
  const balancerPort = BASE_PORT;
  const backends: Backend[] = [
    { port: BASE_PORT + 1, ready: false },
    { port: BASE_PORT + 2, ready: false },
  ];
  const balancer = loadBalancer(backends, balancerPort);
  const base = `http://127.0.0.1:${balancerPort}`;
  const env = { ...database.env, PUBLIC_URL: base, UNLOCK_POLL_SECONDS: '1' };
  const stores: (StoreProcess | undefined)[] = [];

  beforeAll(async () => {
    await database.create();
    await balancer.listen();
  });
  afterAll(async () => {
    for (const store of stores) if (store) await stopStore(store, 'SIGKILL');
    await balancer.close();
    await database.drop();
  });

  it('loses no request, no stream update and no job', { timeout: 240_000 }, async () => {
    // The first instance migrates; the second starts on the migrated database.
    stores[0] = await startStore(env, backends[0]?.port ?? 0);
    stores[1] = await startStore(env, backends[1]?.port ?? 0);
    while (!backends.every((backend) => backend.ready)) await sleep(50);

    const sessions = await placeOrders(base, ORDERS, 'rolling');
    const answers: { status: number; body: string }[] = [];
    const shopping = keepShopping(base, ({ status, body }) => answers.push({ status, body: body.slice(0, 120) }));

    // Pay the orders one by one through the restarts, each followed live by its buyer.
    const followers: { orderId: string; follower: ReturnType<typeof followOrder> }[] = [];
    const paying = (async () => {
      for (const session of sessions) {
        const paid = await postJson(base, `/api/sandbox-payments/${session}/pay`, {});
        const { url } = (await paid.json()) as { url: string };
        const link = new URL(url);
        const orderId = link.pathname.split('/').at(-1) ?? '';
        followers.push({ orderId, follower: followOrder(base, orderId, link.searchParams.get('token') ?? '') });
        await sleep(300);
      }
    })();

    for (const [index, backend] of backends.entries()) {
      await sleep(1_500);
      const store = stores[index];
      if (store) await stopStore(store);
      stores[index] = await startStore(env, backend.port);
      while (!backend.ready) await sleep(50);
    }
    await paying;
    const result = await settledOrders(database.url, 120_000);
    // The last events reach the streams.
    await sleep(1_500);
    await shopping.stop();
    for (const { follower } of followers) await follower.stop();

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const streamProblems: string[] = [];
    for (const { orderId, follower } of followers) {
      const { rows } = await db.query<{ id: number }>(`SELECT id FROM order_events WHERE order_id = $1 ORDER BY id`, [
        orderId,
      ]);
      const expected = rows.map((row) => Number(row.id));
      if (JSON.stringify(follower.seen) !== JSON.stringify(expected)) {
        streamProblems.push(`${orderId}: saw ${follower.seen.join(',')}, wrote ${expected.join(',')}`);
      }
    }
    await db.end();
    const lost = answers.filter(({ status }) => status === 0 || status >= 500);
    const reconnects = followers.reduce((sum, { follower }) => sum + follower.reconnects(), 0);
    process.stdout.write(
      `rolling restart of 2 instances: ${answers.length} requests, ${lost.length} lost; ` +
        `${followers.length} live streams, ${reconnects} reconnects, ${streamProblems.length} with a lost or repeated update; ` +
        `${result.total} orders, ${result.open.length} open, ${result.twice.length} doubled\n`,
    );

    expect(lost).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
    expect(streamProblems).toEqual([]);
    expect(reconnects).toBeGreaterThan(0);
    expect(result.total).toBe(2 * ORDERS);
    expect(result.open).toEqual([]);
    expect(result.twice).toEqual([]);
    expect(result.doubledSupplierOrders).toEqual([]);
    expect(result.wrongProfiles).toEqual([]);
  });
});
