import type { APIRequestContext, Page } from '@playwright/test';
import { DASHBOARD_REFRESH_MS } from '../../src/domain/dashboard';
import { GUEST_ACCOUNT_EXISTS_MESSAGE } from '../../src/domain/guest-upgrade';
import { ORDER_LOOKUP_MESSAGES, ORDER_LOOKUP_NO_MATCH } from '../../src/domain/order-lookup';
import { sandboxImei } from '../../src/server/integrations/suppliers/sandbox-outcomes';
import { STRONG_PASSWORD, expect, expectSettledAccessible, test, uniqueEmail } from './fixtures';
import { placeEsimThroughApi, waitForSession } from './journeys';
import { PHONE, type PaidOrder, paidUnlock, payThroughApi } from './unlock-journeys';

// Each journey its own IMEI: the store refuses a second unlock of an IMEI already in progress.
let serial = Math.floor(Math.random() * 5000);
const masked = (imei: string) => `${imei.slice(0, 8)}***${imei.slice(-4)}`;

async function paidEsim(request: APIRequestContext, email: string): Promise<PaidOrder> {
  return payThroughApi(request, await placeEsimThroughApi(request, email));
}

async function lookUp(page: Page, email: string, reference: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Order ID or IMEI').fill(reference);
  await page.getByRole('button', { name: 'Track Order' }).click();
}

test.describe('track order', () => {
  test('the spec messages, a wrong email answered like a missing order, the right one opening the order', async ({
    page,
  }) => {
    const email = uniqueEmail();
    const imei = sandboxImei('stuck_in_process', serial++);
    const order = await paidUnlock(page.request, email, imei);

    await page.goto('/track-order');
    await expect(page.getByRole('heading', { level: 1, name: 'Track Your Order' })).toBeVisible();
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.getByText(ORDER_LOOKUP_MESSAGES.required)).toBeVisible();
    await lookUp(page, email, 'abc');
    await expect(page.getByText(ORDER_LOOKUP_MESSAGES.invalid)).toBeVisible();

    await lookUp(page, `other-${email}`, imei);
    await expect(page.getByText(ORDER_LOOKUP_NO_MATCH)).toBeVisible();
    await lookUp(page, email, '00000000');
    await expect(page.getByText(ORDER_LOOKUP_NO_MATCH)).toBeVisible();

    await lookUp(page, email, imei);
    const results = page.getByRole('list', { name: 'Matching orders' });
    await expect(results.getByRole('link')).toHaveCount(1);
    await expect(results).toContainText(`IMEI ${masked(imei)}`);
    await expect(results).toContainText(`Order #${order.orderId.slice(0, 8)}`);
    await expect(page.locator('body')).not.toContainText(imei);
    await lookUp(page, email.toUpperCase(), `#${order.orderId.slice(0, 8)}`);
    await expect(results.getByRole('link')).toHaveCount(1);

    await results.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/order/${order.orderId}\\?token=`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('keyboard only: type, submit with Enter, open the order', async ({ page }) => {
    const email = uniqueEmail();
    const order = await paidEsim(page.request, email);
    await page.goto('/track-order');
    await waitForSession(page);
    await page.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Order ID or IMEI')).toBeFocused();
    await page.keyboard.type(order.orderId.slice(0, 8));
    await page.keyboard.press('Enter');
    const row = page.getByRole('list', { name: 'Matching orders' }).getByRole('link');
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'We found your order' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(row).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/esim/receipt\\?order=${order.orderId}&token=`));
  });

  for (const theme of ['dark', 'light'] as const) {
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', PHONE],
    ] as const) {
      test(`accessible with results, ${theme} theme, ${name}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
        const email = uniqueEmail();
        const imei = sandboxImei('stuck_in_process', serial++);
        await paidUnlock(page.request, email, imei);
        await page.goto('/track-order');
        await waitForSession(page);
        await page.getByRole('button', { name: 'Track Order' }).click();
        await expect(page.getByText(ORDER_LOOKUP_MESSAGES.required)).toBeVisible();
        await lookUp(page, email, imei);
        await expect(page.getByRole('list', { name: 'Matching orders' })).toBeVisible();
        await expectSettledAccessible(page);
        await page.screenshot({ path: `test-results/h5-track-order-${theme}-${name}.png`, fullPage: true });
      });
    }
  }
});

test.describe('guest upgrade and dashboard', () => {
  test('a guest sets a password from the order link; the dashboard holds every order, live', async ({ page }) => {
    // The dashboard's own refresh is a timer: the test moves the clock instead of waiting it out.
    await page.clock.install();
    const email = uniqueEmail();
    const imei = sandboxImei('stuck_in_process', serial++);
    const unlock = await paidUnlock(page.request, email, imei);
    const esim = await paidEsim(page.request, email);
    const link = `/create-account?order=${unlock.orderId}&token=${encodeURIComponent(unlock.token)}`;

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByText('your 2 orders placed with this email')).toBeVisible();
    await expectSettledAccessible(page);
    await page.getByLabel('Choose a password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(/^Password is too weak/)).toBeVisible();
    await page.getByLabel('Choose a password').fill(STRONG_PASSWORD);
    // A slow way to the dashboard: the session's answer is held while the page's clock moves on
    // 5 s. The confirmation is said on the dashboard, so it has not faded by the time it shows.
    let releaseSession!: () => void;
    const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
    await page.route('**/api/me', async (route) => {
      await sessionHeld;
      await route.continue();
    });
    const sessionAsked = page.waitForRequest('**/api/me');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await sessionAsked;
    await page.clock.runFor(5_000);
    releaseSession();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('2 orders are in your dashboard.')).toBeVisible();
    const orders = page.getByRole('list', { name: 'Your orders' });
    await expect(orders.getByRole('link')).toHaveCount(2);
    await expect(orders.getByRole('link', { name: /Carrier unlock/ })).toHaveAttribute(
      'href',
      `/order/${unlock.orderId}`,
    );
    await expect(orders.getByRole('link', { name: new RegExp(`Order #${esim.orderId.slice(0, 8)}`) })).toHaveAttribute(
      'href',
      `/esim/receipt?order=${esim.orderId}`,
    );
    // The unlock is still with the supplier: the list keeps itself up to date.
    await expect(page.getByText('States update here by themselves while an order is in progress.')).toBeVisible();
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/orders'));
    await page.clock.fastForward(DASHBOARD_REFRESH_MS);
    expect((await refreshed).status()).toBe(200);
    await expectSettledAccessible(page);
  });

  test('settings: the password changes under its rules, Sign Out Everywhere, and the order link then offers Sign In', async ({
    page,
    consoleGuard,
  }) => {
    // The wrong current password below: the browser notes better-auth's 400.
    consoleGuard.allow(/status of 400 .*\/api\/auth\/change-password/);
    // Set-up through the API: a guest's order, upgraded to an account as the order link's page does.
    const email = uniqueEmail();
    const order = await paidEsim(page.request, email);
    const link = `/create-account?order=${order.orderId}&token=${encodeURIComponent(order.token)}`;
    const upgraded = await page.request.post('/api/accounts/guest-upgrade', {
      data: { order_id: order.orderId, token: order.token, password: STRONG_PASSWORD },
    });
    expect(upgraded.status()).toBe(200);
    await page.goto('/dashboard');
    await expect(page.getByRole('list', { name: 'Your orders' }).getByRole('link')).toHaveCount(1);

    // Change password: the current one is checked, then the new one works.
    const settings = page.getByRole('form', { name: 'Change password' });
    await settings.getByLabel('Current password').fill('not-my-password-1');
    await settings.getByLabel('New password').fill('brand-new-pass-7');
    await settings.getByRole('button', { name: 'Change Password' }).click();
    await expect(settings.getByRole('alert')).toBeVisible();
    await settings.getByLabel('Current password').fill(STRONG_PASSWORD);
    await settings.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Your password is changed. Other devices are signed out.')).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('You are signed out on every device.')).toBeVisible();

    // The order link again: the account exists, so it offers Sign In and comes back.
    await page.goto(link);
    await expect(page.getByText(GUEST_ACCOUNT_EXISTS_MESSAGE)).toBeVisible();
    await expectSettledAccessible(page);
    await page.screenshot({ path: 'test-results/h5-create-account-exists.png', fullPage: true });
    await page.getByRole('link', { name: 'Sign In' }).last().click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/create-account\?/);
    await expect(page.getByText('Your orders are already in your account.')).toBeVisible();
  });

  test('dashboard settings at phone width in both themes', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    const email = uniqueEmail();
    const order = await paidEsim(page.request, email);
    for (const theme of ['dark', 'light'] as const) {
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      if (theme === 'dark') {
        await page.goto(`/create-account?order=${order.orderId}&token=${encodeURIComponent(order.token)}`);
        await expectSettledAccessible(page);
        await page.screenshot({ path: 'test-results/h5-create-account-dark-phone.png', fullPage: true });
        await page.getByLabel('Choose a password').fill(STRONG_PASSWORD);
        await page.getByRole('button', { name: 'Create Account' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
        // The dashboard says it with a toast, whose code comes with it: audited once it is shown.
        await expect(page.getByText('Your order is in your dashboard.')).toBeVisible();
      } else {
        await page.reload();
      }
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.getByRole('list', { name: 'Your orders' }).getByRole('link')).toHaveCount(1);
      await expectSettledAccessible(page);
      await page.screenshot({ path: `test-results/h5-dashboard-${theme}-phone.png`, fullPage: true });
    }
  });
});
