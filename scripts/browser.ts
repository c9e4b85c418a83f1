// The Chromium the end-to-end tests and page benchmarks drive: found, or installed when we can.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** How the tests and the page benchmarks start Chromium: headless on a machine of two cores, nothing in the background. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Where Debian, Ubuntu and most Linux packages put Chromium or Chrome. */
const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const HOW_TO_INSTALL =
  'No Chromium for the end-to-end tests: install one (Debian: `apt-get install chromium`; elsewhere: `npx playwright install chromium`) or set CHROME_PATH to a Chromium or Chrome binary.';

/** CHROME_PATH when set, else the system's Chromium, else Playwright's own download; null when none exists. */
export function findBrowser(): string | null {
  const configured = process.env.CHROME_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  return [...SYSTEM_BROWSERS, chromium.executablePath()].find((path) => existsSync(path)) ?? null;
}

function tryInstall(): void {
  const isRoot = process.getuid?.() === 0;
  try {
    if (isRoot && existsSync('/usr/bin/apt-get')) {
      console.log('Installing Debian’s chromium for the end-to-end tests…');
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } else {
      console.log('Installing Playwright’s Chromium for the end-to-end tests…');
      execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
    }
  } catch {
    // Said once below, with what to do instead.
  }
}

/** The browser's path; installs one when none is found, and stops the run with one line when it cannot. */
export function ensureBrowser(): string {
  const found = findBrowser();
  if (found) return found;
  if (!process.env.CHROME_PATH) tryInstall();
  const installed = findBrowser();
  if (installed) return installed;
  console.error(HOW_TO_INSTALL);
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`End-to-end tests drive ${ensureBrowser()}`);
}
