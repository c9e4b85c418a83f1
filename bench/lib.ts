import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const NO_RATE_LIMIT = '100000000';
/** The PostgreSQL server on which each run gets a fresh database (unless BENCH_DATABASE_URL names one). */
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRETS = {
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  LICENSE_KEY_SECRET: 'bench-license-key-secret-bench-secret-00',
  SANDBOX_PAYMENT_SECRET: 'bench-sandbox-payment-secret-0000000000',
};

export type Benchmark = (label: string, env: Record<string, string>) => Promise<void>;

export async function onPglite(benchmark: Benchmark) {
  const dataDir = mkdtempSync(join(tmpdir(), 'openline-bench-'));
  try {
    await benchmark('the embedded database (PGlite)', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** On BENCH_DATABASE_URL as given, else on a fresh database of the local server, dropped afterwards. */
export async function onPostgres(benchmark: Benchmark) {
  const dataDir = mkdtempSync(join(tmpdir(), 'openline-bench-'));
  const env = { ...SECRETS, DATA_DIR: dataDir };
  try {
    if (process.env.BENCH_DATABASE_URL) {
      await benchmark('PostgreSQL', { ...env, DATABASE_URL: process.env.BENCH_DATABASE_URL });
      return;
    }
    const admin = new pg.Client({ connectionString: POSTGRES_SERVER, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.log(`\n(PostgreSQL skipped: ${POSTGRES_SERVER} is unreachable: ${reason})`);
      return;
    }
    const name = `openline_bench_${randomBytes(4).toString('hex')}`;
    try {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(POSTGRES_SERVER);
      url.pathname = `/${name}`;
      await benchmark('PostgreSQL (fresh database)', { ...env, DATABASE_URL: url.toString() });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface Started {
  readonly child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  readonly readyMs: number;
}

export async function startServer(script: string, env: Record<string, string>): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}/api/health`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return { child, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  // A killed process has a signal code and no exit code.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface Load {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
}

export interface LoadOptions {
  readonly connections: number;
  readonly seconds: number;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export async function load(url: string, options: LoadOptions): Promise<Load> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
export const ratio = (value: number, baseline: number) => (value / baseline).toFixed(2);

/**
 * Open-loop load: `connections` kept-alive sockets are opened, then requests fall due evenly at
 * `rate` per second across them, whatever the answers do, and each latency counts from when its
 * request fell due, so a stalled server is charged for the requests it held up. (autocannon's own
 * rate limit sends each connection's share in a burst at the start of every second.)
 */
export async function paced(url: string, options: LoadOptions & { readonly rate: number }): Promise<Load> {
  // All sockets open first; 'fifo' hands each request the socket idle longest, so every one of them carries load.
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections, scheduling: 'fifo' });
  const health = new URL('/api/health', url).toString();
  await Promise.all(
    Array.from(
      { length: options.connections },
      () => new Promise<void>((resolve) => request(health, { agent }, (res) => res.resume().on('end', resolve)).end()),
    ),
  );
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let errors = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 300) errors++;
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(options.body);
    });
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let sent = 0; sent < total; ) {
    const now = performance.now();
    for (; sent < total && started + (sent * 1000) / options.rate <= now; sent++)
      inFlight.push(send(started + (sent * 1000) / options.rate));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN);
  return { requestsPerSecond: latencies.length / elapsed, p50Ms: at(0.5), p99Ms: at(0.99), errors };
}

/** Runs `work` over `items`, `limit` at a time, keeping the answers in order. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

/** JSON calls to the store at `base`: `json(path, init)` (throws on a non-2xx answer) and a same-origin `post(body)`. */
export function storeApi(base: string) {
  return {
    async json<T>(path: string, init?: RequestInit): Promise<T> {
      const res = await fetch(`${base}${path}`, init);
      if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    post: (body: unknown): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    }),
  };
}
