import type { Page } from '@playwright/test';
import { NOT_FOUND_NOISE, STRONG_PASSWORD, expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { placeEsimThroughApi, waitForSession } from './journeys';

const THEMES = ['dark', 'light'] as const;
const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

async function signUpThroughApi(page: Page, email = uniqueEmail()) {
  const origin = new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url()).origin;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: STRONG_PASSWORD, name: 'a11y' },
    headers: { origin },
  });
  expect(response.ok()).toBe(true);
}

for (const theme of THEMES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`accessibility, ${theme} theme, ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      });

      test('home', async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await waitForSession(page);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expectAccessible(page);
      });

      test('sign in and sign up', async ({ page }) => {
        await page.goto('/auth');
        await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
        await waitForSession(page);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await expect(page.getByRole('alert')).toBeVisible();
        await expectAccessible(page);
        await page.getByRole('tab', { name: 'Sign Up' }).click();
        await expectAccessible(page);
      });

      test('dashboard', async ({ page }) => {
        await page.goto('/');
        // A long address and an order: nothing may push the page sideways, even at phone width.
        const email = `a-rather-long-address-for-the-dashboard-${uniqueEmail()}`;
        await signUpThroughApi(page, email);
        await placeEsimThroughApi(page.request, email);
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Your orders' }).getByRole('listitem')).toHaveCount(1);
        await waitForSession(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectAccessible(page);
      });

      test('iCloud unlock with the form’s messages', async ({ page }) => {
        await page.goto('/icloud-unlock');
        await waitForSession(page);
        await page.getByRole('button', { name: /^Continue to payment/ }).click();
        await expect(page.getByText('You must confirm lawful ownership')).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectAccessible(page);
      });

      test('imei check with a free result', async ({ page }) => {
        await page.goto('/imei-check');
        await page.getByLabel('IMEI or serial number').first().fill('352992090000102');
        await page.getByRole('button', { name: 'Check for free' }).click();
        await expect(page.getByRole('region', { name: 'Apple iPhone 8' })).toBeVisible();
        await waitForSession(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectAccessible(page);
      });

      test('digital licenses: the shop and an out-of-stock product', async ({ page }) => {
        await page.goto('/digital-licenses');
        await expect(page.getByRole('heading', { level: 2, name: 'VPN and privacy' })).toBeVisible();
        await waitForSession(page);
        let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectAccessible(page);
        await page.goto('/digital-licenses/acronis-true-image-essentials');
        await expect(page.getByRole('form', { name: 'Email me when it is back in stock' })).toBeVisible();
        overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectAccessible(page);
      });

      test('not found', async ({ page, consoleGuard }) => {
        consoleGuard.allow(NOT_FOUND_NOISE);
        await page.goto('/missing-page');
        await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
        await waitForSession(page);
        await expectAccessible(page);
      });

      if (viewport.name === 'phone') {
        test('open mobile menu', async ({ page }) => {
          await page.goto('/');
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectAccessible(page);
        });
      }
    });
  }
}
