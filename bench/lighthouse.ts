// `npm run bench:pages`: Lighthouse (mobile) on the prerendered pages against a one-line
// static page served by the same server in the same run, plus each page's initial JS.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { median, ratio, startServer, stopServer } from './lib.ts';
import { audit, LIGHTHOUSE_CHROME_FLAGS } from './lighthouse-audit.ts';
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
  chromeFlags: LIGHTHOUSE_CHROME_FLAGS,
});
try {
  const base = `http://127.0.0.1:${PORT}`;
  const baseline: number[] = [];
  const floor = { lcp: [] as number[], tti: [] as number[] };
  const pages = new Map<
    string,
    { score: number[]; lcp: number[]; tbt: number[]; cls: number[]; tti: number[]; js: number[] }
  >();
  for (let run = 0; run < RUNS; run++) {
    baseline.push((await audit(`${base}${BASELINE_PAGE.replace('index.html', '')}`, chrome.port)).lcpMs);
    const floorRun = await audit(`${base}/${FLOOR_DIR}/`, chrome.port);
    floor.lcp.push(floorRun.lcpMs);
    floor.tti.push(floorRun.ttiMs);
    for (const page of PAGES) {
      const result = await audit(`${base}${page.path}`, chrome.port);
      const entry = pages.get(page.name) ?? { score: [], lcp: [], tbt: [], cls: [], tti: [], js: [] };
      entry.score.push(result.score);
      entry.lcp.push(result.lcpMs);
      entry.tbt.push(result.tbtMs);
      entry.cls.push(result.cls);
      entry.tti.push(result.ttiMs);
      entry.js.push(result.scriptBytes);
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
      `  ${page.path.padEnd(12)}  performance ${median(entry.score).toFixed(2)}  LCP ${median(entry.lcp).toFixed(0)} ms  ratio ${ratio(median(entry.lcp), b)}  TBT ${median(entry.tbt).toFixed(0)} ms  CLS ${median(entry.cls).toFixed(3)}  initial JS ${(weight.bytes / 1024).toFixed(1)} KB gzip (${weight.files.length} files), fetched ${(median(entry.js) / 1000).toFixed(1)} KB`,
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
