import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';

/** Holds the files matching `pattern` until `release` is called. */
async function hold(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Holds the app's start, so a test acts on the prerendered page alone. */
const holdTheApp = (page: Page) => hold(page, /\/assets\/entry\.client-[\w-]+\.js$/);

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

  test('a page scrolled before the app has started stays where it was scrolled', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const field = page.getByRole('contentinfo').getByLabel('Email address for the newsletter');
    await field.scrollIntoViewIfNeeded();
    release();
    await hydrated(page);
    await expect(field).toBeInViewport();
  });

  test('an address typed into the newsletter field and Subscribe pressed before its code has come', async ({
    page,
  }) => {
    // The footer's signup loads lazily after the app has started; the press lands in that gap.
    const release = await hold(page, /\/assets\/newsletter-signup-[\w-]+\.js$/);
    await page.goto('/');
    await hydrated(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Email address for the newsletter').fill(uniqueEmail());
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/$/);
    release();
    await expect(page.getByText('Subscribed!')).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Subscribed' })).toBeDisabled();
  });
});
