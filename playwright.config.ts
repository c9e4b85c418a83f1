import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findBrowser } from './scripts/browser.ts';
import { allocatorEnv, SERVER_ENTRY, SERVER_NODE_FLAGS } from './scripts/server-flags.mjs';

const port = Number(process.env.E2E_PORT ?? 4173);
// Every run starts on an empty embedded database, as a newcomer's first `npm start` does.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'openline-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // `npm run test:e2e` has found or installed one first (scripts/browser.ts).
      executablePath: findBrowser() ?? undefined,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The compiled server `npm start` runs (ADR 086); `npm run test:e2e` builds it first.
    command: ['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' '),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      ...allocatorEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      // Payment pages send the buyer back here: the same origin the tests browse.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every journey comes from one address, two at a time: no per-client limit may refuse a
      // journey because of another (a 429 fails a journey within a second). None is tested here;
      // each limit has its server test.
      AUTH_RATE_LIMIT: '1000',
      NEWSLETTER_RATE_LIMIT: '1000',
      BUG_REPORT_RATE_LIMIT: '1000',
      QUOTE_RATE_LIMIT: '1000',
      CHECKOUT_RATE_LIMIT: '1000',
      ORDER_LOOKUP_RATE_LIMIT: '1000',
      DEVICE_SERVICE_RATE_LIMIT: '1000',
      FREE_CHECK_RATE_LIMIT: '1000',
      ASSISTANT_RATE_LIMIT: '1000',
      SUPPORT_RATE_LIMIT: '1000',
      // An unlock's supplier order is first looked at after 2 s, not 30: the journeys watch it complete.
      UNLOCK_POLL_SECONDS: '2',
    },
  },
});
