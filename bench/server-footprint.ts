// `npm run bench:footprint`: start time, resident memory and throughput of the store served
// through the TypeScript loader (the old `npm start`, the baseline), compiled with the node flags
// of ADR 090 and glibc's allocator defaults (`npm start` before ADR 099), and as `npm start` runs
// it now (with the allocator settings of ADR 099), alternating runs on the same prepared embedded
// data directory: ready time, memory at idle, memory after 10,000 mixed requests (a page rendered
// per request among them), requests a second and p99 latency under them. Printed as ratios to the
// loader. Needs `npm run build` first.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SERVER_ALLOCATOR_ENV, SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { median, NO_RATE_LIMIT, ratio, stopServer } from './lib.ts';

const PORT = process.env.BENCH_PORT ?? '3904';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const IDLE_MS = 5_000;
const BASE = `http://127.0.0.1:${PORT}`;

const VARIANTS = {
  loader: { args: ['--import', 'tsx', 'src/server/main.ts'], env: {} },
  'allocator defaults': { args: [...SERVER_NODE_FLAGS, SERVER_ENTRY], env: {} },
  'npm start': { args: [...SERVER_NODE_FLAGS, SERVER_ENTRY], env: SERVER_ALLOCATOR_ENV },
} as const;
type Variant = keyof typeof VARIANTS;

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) / 1024;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(variant: Variant, dataDir: string): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...VARIANTS[variant].args], {
    env: {
      // Each variant's allocator settings, whatever the benchmark itself was started with.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MALLOC_'))),
      ...VARIANTS[variant].env,
      PORT,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      QUOTE_RATE_LIMIT: NO_RATE_LIMIT,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health/ready`)).ok) return { child, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
}

/** 10,000 requests a shopper's pages make: pages, catalogues, an unlock quote, licenses, health. */
async function mixedLoad(): Promise<{ errors: number; perSecond: number; p99: number }> {
  const result = await autocannon({
    url: BASE,
    connections: 20,
    amount: REQUESTS,
    requests: [
      { method: 'GET', path: '/' },
      // A page the server renders per request (ADR 102): the router's render and the frame's session read.
      { method: 'GET', path: '/esim/receipt' },
      { method: 'GET', path: '/api/esim/packages?country=JP' },
      { method: 'GET', path: '/api/catalog/carriers' },
      {
        method: 'POST',
        path: '/api/quotes',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          imei: '356938035643809',
          brand: 'Apple',
          model: 'iPhone 15',
          network: 'AT&T',
          country: 'US',
        }),
      },
      { method: 'GET', path: '/api/licenses' },
      { method: 'GET', path: '/api/health' },
    ],
  });
  return {
    errors: result.errors + result.non2xx,
    perSecond: REQUESTS / (result.duration || 1),
    p99: result.latency.p99,
  };
}

interface Figures {
  ready: number[];
  idle: number[];
  loaded: number[];
  perSecond: number[];
  p99: number[];
  errors: number;
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`run \`npm run build\` first: ${SERVER_ENTRY} is missing`);
  const dataDir = mkdtempSync(join(tmpdir(), 'openline-footprint-'));
  const variants = Object.keys(VARIANTS) as Variant[];
  try {
    // A first start prepares the directory (migrations, seeds): every measured start finds it ready.
    await stopServer((await start('npm start', dataDir)).child);
    const figures = Object.fromEntries(
      variants.map((variant) => [variant, { ready: [], idle: [], loaded: [], perSecond: [], p99: [], errors: 0 }]),
    ) as unknown as Record<Variant, Figures>;
    for (let run = 0; run < RUNS; run++) {
      for (const variant of variants) {
        const { child, readyMs } = await start(variant, dataDir);
        await sleep(IDLE_MS);
        const idle = rssMb(child.pid ?? 0);
        const load = await mixedLoad();
        const loaded = rssMb(child.pid ?? 0);
        await stopServer(child);
        const into = figures[variant];
        into.ready.push(readyMs);
        into.idle.push(idle);
        into.loaded.push(loaded);
        into.perSecond.push(load.perSecond);
        into.p99.push(load.p99);
        into.errors += load.errors;
      }
    }
    const rows: [string, string, keyof Omit<Figures, 'errors'>][] = [
      ['ready on prepared data', 'ms', 'ready'],
      ['resident memory at idle', 'MB', 'idle'],
      [`resident memory after ${REQUESTS} requests`, 'MB', 'loaded'],
      ['requests a second under them', '/s', 'perSecond'],
      ['p99 latency under them', 'ms', 'p99'],
    ];
    console.log(`Server footprint on the embedded database (medians of ${RUNS} alternating runs; ratio to the loader)`);
    for (const [name, unit, key] of rows) {
      const baseline = median(figures.loader[key]);
      const cells = variants.map((variant) => {
        const value = median(figures[variant][key]);
        const share = variant === 'loader' ? '' : ` (${ratio(value, baseline)})`;
        return `${variant} ${value.toFixed(0)} ${unit}${share}`;
      });
      console.log(`  ${name.padEnd(38)} ${cells.join('  ')}`);
    }
    console.log(`  errors: ${variants.map((variant) => `${variant} ${figures[variant].errors}`).join(', ')}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
