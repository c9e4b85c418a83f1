import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

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
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface Load {
  readonly requestsPerSecond: number;
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
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
export const ratio = (value: number, baseline: number) => (value / baseline).toFixed(2);
