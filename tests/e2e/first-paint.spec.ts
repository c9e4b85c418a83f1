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
 * rules only, or with the whole stylesheet linked as well. The viewport is made as tall as the
 * page first, so the screenshot needs no resize (a resize during a full-page capture can start
 * transitions, which only the whole stylesheet has).
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
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: options.viewport.width, height });
  const screenshot = await page.screenshot({ animations: 'disabled' });
  await context.close();
  return screenshot;
}

/** How many pixels of two same-sized screenshots differ, and where, worked out in a canvas. */
async function pixelDifference(browser: Browser, a: Buffer, b: Buffer): Promise<string> {
  const page = await browser.newPage();
  const result = await page.evaluate(
    async ([first, second]) => {
      const load = async (base64: string) =>
        createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
      const [one, two] = await Promise.all([load(first), load(second)]);
      if (one.width !== two.width || one.height !== two.height)
        return `sizes differ: ${one.width}x${one.height} and ${two.width}x${two.height}`;
      const pixels = (image: ImageBitmap) => {
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [p, q] = [pixels(one), pixels(two)];
      let count = 0;
      const box = { left: Infinity, top: Infinity, right: -1, bottom: -1 };
      for (let i = 0; i < p.length; i += 4) {
        if (p[i] === q[i] && p[i + 1] === q[i + 1] && p[i + 2] === q[i + 2]) continue;
        count++;
        const x = (i / 4) % one.width;
        const y = Math.floor(i / 4 / one.width);
        box.left = Math.min(box.left, x);
        box.top = Math.min(box.top, y);
        box.right = Math.max(box.right, x);
        box.bottom = Math.max(box.bottom, y);
      }
      return `${count} pixels differ, within x ${box.left}-${box.right}, y ${box.top}-${box.bottom}`;
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
  await page.close();
  return result;
}

test.describe('first paint', () => {
  for (const { name, path } of PAGES) {
    for (const size of SIZES) {
      for (const theme of ['dark', 'light']) {
        test(`${name} at ${size.name} width paints the same with its inlined rules as with the whole stylesheet, ${theme} theme`, async ({
          browser,
        }, testInfo) => {
          const inlined = await firstPaint(browser, { path, viewport: size.viewport, theme, wholeStylesheet: false });
          const whole = await firstPaint(browser, { path, viewport: size.viewport, theme, wholeStylesheet: true });
          if (inlined.equals(whole)) return;
          await testInfo.attach(`${theme}-inlined.png`, { body: inlined, contentType: 'image/png' });
          await testInfo.attach(`${theme}-whole.png`, { body: whole, contentType: 'image/png' });
          expect(await pixelDifference(browser, inlined, whole)).toBe('the same paint');
        });
      }
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
