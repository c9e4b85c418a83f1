// `npm run bench:pages`: Lighthouse (mobile) on the prerendered pages against a one-line
// static page served by the same server in the same run, plus each page's initial JS.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, ratio, startServer, stopServer } from './lib.ts';
import { FLOOR_DIR, writeReactFloor } from './react-floor-page.ts';
import { FIRST_ROUND_TRIP_BYTES, initialJsGzipBytes, responseBytes } from './page-weight.ts';
import { ensureBrowser } from '../scripts/browser.ts';

const PORT = process.env.BENCH_PORT ?? '3902';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const BASELINE_PAGE = '/bench-baseline/index.html';
/** Prerendered pages, each weighed by the start-up JavaScript its built HTML leads to. */
const PAGES = [
  { name: 'home', path: '/', html: 'index.html' },
  { name: 'esim-shop', path: '/esim-shop', html: 'esim-shop/index.html' },
] as const;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Chromium now and then records a trace without the navigation's start; another run is sound. */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP']);

async function audit(url: string, port: number, attempt = 1): Promise<Audit> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError && RETRIED_ERRORS.has(lhr.runtimeError.code) && attempt < 3)
    return audit(url, port, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const lcp = lhr.audits['largest-contentful-paint'];
  if (lcp?.numericValue === undefined) throw new Error(`No LCP for ${url}: ${lcp?.errorMessage ?? 'unknown'}`);
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: Number(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Number(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
    // Lighthouse 12 still computes time to interactive, unweighted: issue 9 measures against it.
    ttiMs: Number(lhr.audits['interactive']?.numericValue ?? NaN),
  };
}

interface Audit {
  readonly score: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly ttiMs: number;
}

const clientDir = mkdtempSync(join(tmpdir(), 'openline-bench-client-'));
const dataDir = mkdtempSync(join(tmpdir(), 'openline-bench-data-'));
cpSync('build/client', clientDir, { recursive: true });
mkdirSync(join(clientDir, 'bench-baseline'));
writeFileSync(
  join(clientDir, BASELINE_PAGE.slice(1)),
  '<!doctype html><html lang="en"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title><p>OpenLine unlocks phones.</p></html>',
);
await writeReactFloor(clientDir);
const store = await startServer('src/server/main.ts', { PORT, DATA_DIR: dataDir, CLIENT_DIR: clientDir });
const check = await fetch(`http://127.0.0.1:${PORT}/bench-baseline/`);
if (!check.ok) throw new Error(`baseline page answered ${check.status}`);
const chrome = await chromeLauncher.launch({
  chromePath: ensureBrowser(),
  chromeFlags: CHROME_FLAGS,
});
try {
  const base = `http://127.0.0.1:${PORT}`;
  const baseline: number[] = [];
  const floor = { lcp: [] as number[], tti: [] as number[] };
  const pages = new Map<string, { score: number[]; lcp: number[]; tbt: number[]; cls: number[]; tti: number[] }>();
  for (let run = 0; run < RUNS; run++) {
    baseline.push((await audit(`${base}${BASELINE_PAGE.replace('index.html', '')}`, chrome.port)).lcpMs);
    const floorRun = await audit(`${base}/${FLOOR_DIR}/`, chrome.port);
    floor.lcp.push(floorRun.lcpMs);
    floor.tti.push(floorRun.ttiMs);
    for (const page of PAGES) {
      const result = await audit(`${base}${page.path}`, chrome.port);
      const entry = pages.get(page.name) ?? { score: [], lcp: [], tbt: [], cls: [], tti: [] };
      entry.score.push(result.score);
      entry.lcp.push(result.lcpMs);
      entry.tbt.push(result.tbtMs);
      entry.cls.push(result.cls);
      entry.tti.push(result.ttiMs);
      pages.set(page.name, entry);
    }
  }
  const b = median(baseline);
  console.log(`\nLighthouse mobile (simulated throttling), median of ${RUNS}`);
  console.log(`  baseline one-line page          LCP ${b.toFixed(0)} ms`);
  const floorTti = median(floor.tti);
  console.log(
    `  React floor (the home page's HTML, React DOM and one button)  LCP ${median(floor.lcp).toFixed(0)} ms  time to interactive ${floorTti.toFixed(0)} ms: ${(floorTti / median(floor.lcp)).toFixed(2)}x its LCP`,
  );
  for (const page of PAGES) {
    const entry = pages.get(page.name);
    if (!entry) continue;
    const weight = initialJsGzipBytes('build/client', page.html);
    const html = await responseBytes(`${base}${page.path}`);
    console.log(
      `  ${page.path.padEnd(12)}  performance ${median(entry.score).toFixed(2)}  LCP ${median(entry.lcp).toFixed(0)} ms  ratio ${ratio(median(entry.lcp), b)}  TBT ${median(entry.tbt).toFixed(0)} ms  CLS ${median(entry.cls).toFixed(3)}  initial JS ${(weight.bytes / 1024).toFixed(1)} KB gzip (${weight.files.length} files)`,
    );
    const lcp = median(entry.lcp);
    const tti = median(entry.tti);
    console.log(
      `  ${''.padEnd(12)}  time to interactive ${tti.toFixed(0)} ms: ${(tti / lcp).toFixed(2)}x its LCP (target 2x), ratio to the React floor ${ratio(tti, floorTti)}`,
    );
    console.log(
      `  ${''.padEnd(12)}  HTML answer ${html} B with headers: ${html <= FIRST_ROUND_TRIP_BYTES ? 'fits' : 'does NOT fit'} the first round trip (${FIRST_ROUND_TRIP_BYTES} B)`,
    );
  }
} finally {
  await chrome.kill();
  await stopServer(store.child);
  rmSync(clientDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
