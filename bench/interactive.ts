// Time to interactive of the unlock panel: from navigation until text typed into the IMEI field
// comes out normalised (the panel's own code handles it), beside the same load's LCP, desktop and
// with 4x CPU throttling. Prints each as a ratio to the LCP of the same runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureBrowser } from '../scripts/browser.ts';
import { median, ratio, startServer, stopServer } from './lib.ts';

const PORT = process.env.BENCH_PORT ?? '3903';
const RUNS = Number(process.env.BENCH_INTERACTIVE_RUNS ?? 5);
const THROTTLING = [1, 4] as const;

interface Sample {
  readonly interactiveMs: number;
  readonly lcpMs: number;
}

const dataDir = mkdtempSync(join(tmpdir(), 'openline-bench-interactive-'));
const store = await startServer('src/server/main.ts', { PORT, DATA_DIR: dataDir });
const browser = await chromium.launch({
  executablePath: ensureBrowser(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

async function openHome(rate: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'commit' });
  return { context, page };
}

/** The page's LCP, on a load nobody touches (input ends the browser's LCP reporting). */
async function largestContentfulPaint(rate: number): Promise<number> {
  const { context, page } = await openHome(rate);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(Number.NaN), 5_000);
      }),
  );
  await context.close();
  return lcpMs;
}

/** From navigation until text typed as soon as the field is shown comes out normalised. */
async function interactive(rate: number): Promise<number> {
  const { context, page } = await openHome(rate);
  // The dash goes once the panel's code has the field.
  await page.getByLabel('IMEI').pressSequentially('35-3');
  const interactiveMs = await page
    .waitForFunction(
      () => {
        const field = document.querySelector<HTMLInputElement>('#unlock-imei');
        return field?.value === '353' ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  await context.close();
  return interactiveMs;
}

async function sample(rate: number): Promise<Sample> {
  return { lcpMs: await largestContentfulPaint(rate), interactiveMs: await interactive(rate) };
}

try {
  console.log(`\nTime to interactive panel (navigation → typing into the IMEI normalises), median of ${RUNS}`);
  for (const rate of THROTTLING) {
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) samples.push(await sample(rate));
    const interactive = median(samples.map((s) => s.interactiveMs));
    const lcp = median(samples.map((s) => s.lcpMs));
    const label = rate === 1 ? 'desktop, no throttling' : `desktop, ${rate}x CPU throttling`;
    console.log(
      `  ${label.padEnd(28)} interactive ${interactive.toFixed(0)} ms  LCP ${lcp.toFixed(0)} ms  ratio ${ratio(interactive, lcp)}`,
    );
  }
} finally {
  await browser.close();
  await stopServer(store.child);
  rmSync(dataDir, { recursive: true, force: true });
}
