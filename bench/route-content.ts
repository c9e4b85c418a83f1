// Time to content of the pages that are not prerendered (the admin area's overview and order list
// among them), and of the forms prerendered for speed (the sign-in and order lookup, ADR 098 and
// 100) (issue 28 §1): from navigation until the page's own content is on screen (not a skeleton), on localhost, desktop, unthrottled and with
// 4x CPU throttling, beside a prerendered page's (the legal page /about) in the same run. Medians
// of RUNS alternating loads; each figure also as a ratio to the static page. Then Lighthouse
// mobile on each (LCP, TBT, score and the JavaScript fetched), medians of LIGHTHOUSE_RUNS.
// Needs `npm run build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromium, type APIRequestContext, type APIResponse, type BrowserContext } from 'playwright-core';
import { CART_STORAGE_KEY } from '../src/domain/cart.ts';
import { sandboxImei } from '../src/server/integrations/suppliers/sandbox-outcomes.ts';
import { readLiveLock } from '../src/server/store-lock.ts';
import { ensureBrowser } from '../scripts/browser.ts';
import { median, NO_RATE_LIMIT, ratio, startServer, stopServer } from './lib.ts';
import { audit, type Audit, LIGHTHOUSE_CHROME_FLAGS } from './lighthouse-audit.ts';

const PORT = process.env.BENCH_PORT ?? '3906';
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_ROUTE_RUNS ?? 5);
const THROTTLING = [1, 4] as const;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface Page {
  readonly name: string;
  readonly path: string;
  /** What shows the page's real content: never a skeleton's. */
  readonly content: string;
  /** Whose session the page is opened with. */
  readonly as?: 'customer' | 'admin';
  /** A script run before the page's own (the browser's stored cart). */
  readonly init?: string;
}

/** One package in the cart, as the shop stores it. */
const BENCH_CART_LINE = {
  package_id: 'it-1gb-7d',
  package_name: 'Italy 1 GB · 7 days',
  data: '1 GB',
  validity: 7,
  countries_iso3: ['ITA'],
  country_code: 'IT',
  price: 4.5,
  quantity: 1,
};

/** A paid unlock through the API, as the checkout places it; answers its page's path. */
async function paidUnlockPath(request: APIRequestContext, email: string): Promise<string> {
  const imei = sandboxImei('stuck_in_process', Math.floor(Math.random() * 9000));
  const device = { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' };
  const quote = (await (await request.post('/api/quotes', { data: { imei, ...device } })).json()) as {
    quote_id: string;
  };
  const placed = await request.post('/api/orders/unlock', {
    data: {
      quote_id: quote.quote_id,
      imei,
      ...device,
      carrier: device.network,
      email,
      agree_to_terms: true,
      agree_to_refund_policy: true,
    },
  });
  return paidPath(request, placed);
}

/** Pays a placed order on the sandbox payment page; answers the path the buyer is sent back to. */
async function paidPath(request: APIRequestContext, placed: APIResponse): Promise<string> {
  const session = new URL(((await placed.json()) as { url: string }).url).pathname.split('/').at(-1) ?? '';
  const paid = (await (await request.post(`/api/sandbox-payments/${session}/pay`)).json()) as { url: string };
  const back = new URL(paid.url);
  return `${back.pathname}${back.search}`;
}

/** A paid eSIM through the API, as the shop's checkout places it; answers its receipt's path. */
async function paidEsimPath(request: APIRequestContext, email: string): Promise<string> {
  const packages = (await (await request.get('/api/esim/packages?country=JP')).json()) as { package_id: string }[];
  const placed = await request.post('/api/esim/checkout', {
    data: { email, device_type: 'ios', items: [{ package_id: packages[0]?.package_id, quantity: 1 }] },
  });
  return paidPath(request, placed);
}

const dataDir = mkdtempSync(join(tmpdir(), 'openline-bench-routes-'));
const store = await startServer('src/server/main.ts', {
  PORT,
  DATA_DIR: dataDir,
  PUBLIC_URL: BASE,
  QUOTE_RATE_LIMIT: NO_RATE_LIMIT,
  CHECKOUT_RATE_LIMIT: NO_RATE_LIMIT,
  AUTH_RATE_LIMIT: NO_RATE_LIMIT,
});
const browser = await chromium.launch({
  executablePath: ensureBrowser(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

try {
  // One signed-in customer with one paid unlock: the dashboard lists it, its page shows it.
  const account = await browser.newContext({ baseURL: BASE });
  const email = `bench-${Date.now()}@example.com`;
  await account.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'bench-routes-2026', name: 'Bench' },
    headers: { origin: BASE },
  });
  const orderPath = await paidUnlockPath(account.request, email);
  const receiptPath = await paidEsimPath(account.request, email);
  // A question about that order: its conversation's page, by the emailed link.
  const asked = await account.request.post('/api/support/conversations', {
    data: { email, message: 'Is my unlock on its way?' },
    headers: { origin: BASE },
  });
  if (!asked.ok()) throw new Error(`the conversation could not be started: ${asked.status()}`);
  const conversationPath = ((await asked.json()) as { url: string }).url;
  const customer = await account.storageState();
  await account.close();

  // One admin (granted as `npm run admin:create` does), who sees that order on the overview and in the list.
  const staff = await browser.newContext({ baseURL: BASE });
  const adminEmail = `bench-admin-${Date.now()}@example.com`;
  const granted = await staff.request.post('/api/internal/admin-grant', {
    headers: { 'x-internal-token': readLiveLock(dataDir)?.token ?? '', origin: BASE },
    data: { email: adminEmail, password: 'bench-routes-admin-2026' },
  });
  if (!granted.ok()) throw new Error(`the admin could not be made: ${granted.status()}`);
  await staff.request.post('/api/auth/sign-in/email', {
    data: { email: adminEmail, password: 'bench-routes-admin-2026' },
    headers: { origin: BASE },
  });
  const signedIn = { customer, admin: await staff.storageState() };
  await staff.close();

  const pages: Page[] = [
    { name: 'static page /about (baseline)', path: '/about', content: 'main h1' },
    { name: '/auth (prerendered)', path: '/auth', content: 'main input[type="email"]' },
    { name: '/auth?mode=signup (rendered)', path: '/auth?mode=signup', content: 'main input[type="email"]' },
    { name: '/track-order (prerendered)', path: '/track-order', content: 'main h1' },
    { name: '/dashboard (signed in)', path: '/dashboard', content: '[aria-label="Your orders"] a', as: 'customer' },
    { name: '/order/{id}', path: orderPath, content: '#order-status-title' },
    { name: '/esim/receipt', path: receiptPath, content: '#order-status-title' },
    { name: '/support/conversations/{id}', path: conversationPath, content: 'main ol li' },
    {
      name: '/esim/checkout (a cart of one)',
      path: '/esim/checkout',
      content: 'main [aria-label="Your cart"] li',
      // Lighthouse's own Chrome has no cart: it measures the page with an empty one.
      init: `localStorage.setItem(${JSON.stringify(CART_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify([BENCH_CART_LINE]))});`,
    },
    { name: '/admin (admin)', path: '/admin', content: '[aria-labelledby="recent-title"] table a', as: 'admin' },
    { name: '/admin/orders (admin)', path: '/admin/orders', content: 'table a', as: 'admin' },
  ];

  /** Milliseconds from navigation until `selector` is first on screen, noted by the page itself. */
  async function timeToContent(context: BrowserContext, page: Page, rate: number): Promise<number> {
    const tab = await context.newPage();
    if (page.init) await tab.addInitScript(page.init);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    // A string, not a function: the TypeScript loader would wrap a named inner function in a
    // helper the page does not have.
    await tab.addInitScript(
      `(() => { const look = () => { const found = document.querySelector(${JSON.stringify(page.content)});` +
        ' if (found && found.getClientRects().length > 0) window.__content = performance.now();' +
        ' else requestAnimationFrame(look); }; requestAnimationFrame(look); })();',
    );
    await tab.goto(`${BASE}${page.path}`, { waitUntil: 'commit' });
    await tab
      .waitForFunction(() => (window as unknown as { __content?: number }).__content !== undefined, null, {
        timeout: 30_000,
        polling: 100,
      })
      .catch((error: Error) => {
        throw new Error(`${page.name} (${tab.url()}) never showed ${page.content}: ${error.message}`);
      });
    const ms = await tab.evaluate(() => (window as unknown as { __content: number }).__content);
    await tab.close();
    return ms;
  }

  const samples = new Map<string, number[]>();
  for (let run = 0; run < RUNS; run++) {
    for (const rate of THROTTLING) {
      for (const page of pages) {
        // A fresh context each load: nothing cached from the load before, as a first visit.
        const context = await browser.newContext({
          viewport: { width: 1280, height: 800 },
          ...(page.as ? { storageState: signedIn[page.as] } : {}),
        });
        const key = `${rate}|${page.name}`;
        samples.set(key, [...(samples.get(key) ?? []), await timeToContent(context, page, rate)]);
        await context.close();
      }
    }
  }

  for (const rate of THROTTLING) {
    console.log(`\nTime to content, ${rate === 1 ? 'unthrottled' : `${rate}x CPU throttling`} (medians of ${RUNS})`);
    const baseline = median(samples.get(`${rate}|${pages[0]!.name}`) ?? []);
    for (const page of pages) {
      const ms = median(samples.get(`${rate}|${page.name}`) ?? []);
      console.log(
        `  ${page.name.padEnd(32)} ${ms.toFixed(0).padStart(5)} ms   ${ratio(ms, baseline)}× the static page`,
      );
    }
  }

  // Lighthouse in a Chrome of its own; a signed-in page gets its person's session cookie.
  const cookieOf = (as: 'customer' | 'admin') =>
    signedIn[as].cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const chrome = await chromeLauncher.launch({ chromePath: ensureBrowser(), chromeFlags: LIGHTHOUSE_CHROME_FLAGS });
  try {
    const audits = new Map<string, Audit[]>();
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      for (const page of pages) {
        const result = await audit(
          `${BASE}${page.path}`,
          chrome.port,
          page.as ? { Cookie: cookieOf(page.as) } : undefined,
        );
        audits.set(page.name, [...(audits.get(page.name) ?? []), result]);
      }
    }
    console.log(`\nLighthouse mobile (simulated throttling), medians of ${LIGHTHOUSE_RUNS} (goal: LCP within 2.5 s)`);
    const baseline = median((audits.get(pages[0]!.name) ?? []).map((entry) => entry.lcpMs));
    for (const page of pages) {
      const runs = audits.get(page.name) ?? [];
      const of = (pick: (entry: Audit) => number) => median(runs.map(pick));
      const lcp = of((entry) => entry.lcpMs);
      console.log(
        `  ${page.name.padEnd(32)} LCP ${lcp.toFixed(0).padStart(5)} ms (${ratio(lcp, baseline)}×)  TBT ${of((entry) => entry.tbtMs).toFixed(0)} ms  performance ${of((entry) => entry.score).toFixed(2)}  JS fetched ${(of((entry) => entry.scriptBytes) / 1000).toFixed(1)} KB`,
      );
    }
  } finally {
    await chrome.kill();
  }
} finally {
  await browser.close();
  await stopServer(store.child);
  rmSync(dataDir, { recursive: true, force: true });
}
