import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';

// ADR 019: prerendered pages paint from the rules inlined into their HTML, and fetch the whole
// stylesheet once the first contentful paint is on screen.

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'eSIM shop', path: '/esim-shop' },
] as const;
const SIZES = [
  { name: 'phone', viewport: { width: 412, height: 823 } },
  { name: 'desktop', viewport: { width: 1350, height: 940 } },
] as const;

/**
 * The prerendered page as a browser without JavaScript paints it, in `theme`: with the inlined
 * rules only, or with the whole stylesheet linked as well.
 */
async function firstPaint(
  browser: Browser,
  options: { path: string; viewport: { width: number; height: number }; theme: string; wholeStylesheet: boolean },
): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: options.viewport,
    javaScriptEnabled: false,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.route(options.path, async (route) => {
    const response = await route.fetch();
    let html = (await response.text()).replace('<html lang="en"', `<html lang="en" class="${options.theme}"`);
    if (options.wholeStylesheet) html = html.replace(' data-href=', ' href=');
    await route.fulfill({ response, body: html, headers: { ...response.headers(), 'content-encoding': 'identity' } });
  });
  await page.goto(options.path);
  if (options.wholeStylesheet) await page.waitForFunction(() => document.styleSheets.length >= 2);
  const screenshot = await page.screenshot({ fullPage: true, animations: 'disabled' });
  await context.close();
  return screenshot;
}

test.describe('first paint', () => {
  for (const { name, path } of PAGES) {
    for (const size of SIZES) {
      test(`${name} at ${size.name} width paints the same with its inlined rules as with the whole stylesheet`, async ({
        browser,
      }) => {
        for (const theme of ['dark', 'light']) {
          const inlined = await firstPaint(browser, { path, viewport: size.viewport, theme, wholeStylesheet: false });
          const whole = await firstPaint(browser, { path, viewport: size.viewport, theme, wholeStylesheet: true });
          expect(inlined.equals(whole), `${theme} theme: the two paints differ`).toBe(true);
        }
      });
    }
  }

  test('the running app has the whole stylesheet, fetched after the first paint', async ({ page }) => {
    await page.goto('/');
    const link = page.locator('link[rel="stylesheet"][data-href]');
    await expect(link).toHaveCount(1);
    const href = await link.getAttribute('data-href');
    expect(href).toMatch(/^\/assets\/.+\.css$/);
    await expect(link).toHaveAttribute('href', href ?? '');
    await expect.poll(() => page.evaluate(() => document.styleSheets.length)).toBeGreaterThanOrEqual(2);
    const [paint, sheet] = await page.evaluate((url) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const css = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(url));
      return [fcp?.startTime ?? Number.NaN, css?.startTime ?? Number.NaN];
    }, href ?? '');
    expect(sheet).toBeGreaterThanOrEqual(paint);
  });
});
