// `npm run bench:footprint`: start time and resident memory of the store served through the
// TypeScript loader (the old `npm start`) and compiled (build/server, ADR 086), alternating runs
// on the same prepared embedded data directory: ready time, memory at idle, memory after 10,000
// mixed requests. Printed as compiled / loader ratios. Needs `npm run build` first.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { median, NO_RATE_LIMIT, ratio, stopServer } from './lib.ts';

const PORT = process.env.BENCH_PORT ?? '3904';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const IDLE_MS = 5_000;
const BASE = `http://127.0.0.1:${PORT}`;

const VARIANTS = {
  loader: ['--import', 'tsx', 'src/server/main.ts'],
  compiled: ['--enable-source-maps', 'build/server/main.js'],
} as const;
type Variant = keyof typeof VARIANTS;

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) / 1024;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(variant: Variant, dataDir: string): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...VARIANTS[variant]], {
    env: {
      ...process.env,
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
async function mixedLoad(): Promise<number> {
  const result = await autocannon({
    url: BASE,
    connections: 20,
    amount: REQUESTS,
    requests: [
      { method: 'GET', path: '/' },
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
  return result.errors + result.non2xx;
}

async function main() {
  if (!existsSync('build/server/main.js'))
    throw new Error('run `npm run build` first: build/server/main.js is missing');
  const dataDir = mkdtempSync(join(tmpdir(), 'openline-footprint-'));
  try {
    // A first start prepares the directory (migrations, seeds): every measured start finds it ready.
    await stopServer((await start('compiled', dataDir)).child);
    const figures: Record<Variant, { ready: number[]; idle: number[]; loaded: number[]; errors: number }> = {
      loader: { ready: [], idle: [], loaded: [], errors: 0 },
      compiled: { ready: [], idle: [], loaded: [], errors: 0 },
    };
    for (let run = 0; run < RUNS; run++) {
      for (const variant of Object.keys(VARIANTS) as Variant[]) {
        const { child, readyMs } = await start(variant, dataDir);
        await sleep(IDLE_MS);
        const idle = rssMb(child.pid ?? 0);
        figures[variant].errors += await mixedLoad();
        const loaded = rssMb(child.pid ?? 0);
        await stopServer(child);
        figures[variant].ready.push(readyMs);
        figures[variant].idle.push(idle);
        figures[variant].loaded.push(loaded);
      }
    }
    const { loader, compiled } = figures;
    const line = (name: string, unit: string, a: number[], b: number[]) =>
      `  ${name.padEnd(34)} loader ${median(a).toFixed(0).padStart(5)} ${unit}  compiled ${median(b).toFixed(0).padStart(5)} ${unit}  ratio ${ratio(median(b), median(a))}`;
    console.log(`Server footprint on the embedded database (medians of ${RUNS} alternating runs)`);
    console.log(line('ready on prepared data', 'ms', loader.ready, compiled.ready));
    console.log(line('resident memory at idle', 'MB', loader.idle, compiled.idle));
    console.log(line(`resident memory after ${REQUESTS} requests`, 'MB', loader.loaded, compiled.loaded));
    console.log(`  errors: loader ${loader.errors}, compiled ${compiled.errors}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
