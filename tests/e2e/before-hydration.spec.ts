import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Holds the app's start until `release` is called, so a test acts on the prerendered page alone. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated]', { state: 'attached' });

test.describe('before the app has started', () => {
  test('what is typed into the IMEI field and a press of Get Started are kept, then applied', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const imei = page.getByLabel('IMEI');
    await imei.pressSequentially('35-332510 1234.56_9');
    await page.getByRole('button', { name: 'Get Started' }).click();
    release();
    await hydrated(page);
    await expect(imei).toHaveValue('353325101234569');
    await expect(page.getByText('15/15')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Start Your Unlock' })).toBeInViewport();
  });

  test('typing and Get Started with no waiting at all', async ({ page }) => {
    await page.goto('/', { waitUntil: 'commit' });
    const imei = page.getByLabel('IMEI');
    await imei.pressSequentially('35-332510 1234.56_9');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await hydrated(page);
    await expect(imei).toHaveValue('353325101234569');
    await expect(page.getByRole('heading', { name: 'Start Your Unlock' })).toBeInViewport();
  });
});
