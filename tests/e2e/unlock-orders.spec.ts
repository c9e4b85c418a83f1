import type { Locator, Page } from '@playwright/test';
import { ORDER_NOT_FOUND_TITLE } from '../../src/domain/esim-receipt';
import { QUOTE_CHANGED_MESSAGE, REFUND_POLICY_MESSAGE } from '../../src/domain/unlock-order';
import {
  SANDBOX_APPLE_RESULT,
  sandboxImei,
  sandboxSuccessPoll,
  type SandboxOutcome,
} from '../../src/server/integrations/suppliers/sandbox-outcomes';
import { expect, expectSettledAccessible, test, uniqueEmail } from './fixtures';
import { signUpThroughApi } from './journeys';
import { PHONE, fillSupportedOrder, openPanel, paidUnlock } from './unlock-journeys';
import { maskEmail } from '../../src/domain/email';

// Each journey its own IMEI: the store refuses a second unlock of an IMEI already in progress.
let serial = Math.floor(Math.random() * 5000);
const nextImei = (outcome: SandboxOutcome) => sandboxImei(outcome, serial++);
/** A success the sandbox hands over at the first poll (an even serial: sandboxSuccessPoll). */
const firstPollSuccessImei = () => sandboxImei('success', (serial += serial % 2 === 0 ? 2 : 1));
const masked = (imei: string) => `${imei.slice(0, 8)}***${imei.slice(-4)}`;

/** Fills the panel for an iPhone 15 on AT&T with this IMEI and opens the checkout. */
async function openCheckout(page: Page, imei: string, email: string): Promise<Locator> {
  const panel = await openPanel(page);
  await fillSupportedOrder(page, panel, email, imei);
  await panel.getByRole('button', { name: 'Unlock Now' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout).toBeVisible();
  return checkout;
}

/** Accepts the refund policy, pays in the modal and waits for the sandbox payment page. */
async function payInCheckout(page: Page, checkout: Locator): Promise<void> {
  await checkout.getByRole('checkbox', { name: 'I accept the refund policy' }).check();
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/pay\/cs_sbx_/);
}

/** Pays on the sandbox payment page and waits for the order page it returns to. */
async function payOnSandboxPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/order\/[^/?]+\?token=/);
}

test.describe('unlock orders', () => {
  test('panel, checkout, payment: the order page shows it paid, then unlocked with the instructions', async ({
    page,
  }) => {
    // The sandbox unlocks at the first poll, which the fulfiller makes 30 s after submitting.
    test.setTimeout(150_000);
    const imei = firstPollSuccessImei();
    expect(sandboxSuccessPoll(imei)).toBe(1);
    const email = uniqueEmail();
    const checkout = await openCheckout(page, imei, email);
    await expect(checkout).toContainText(masked(imei));
    await payInCheckout(page, checkout);
    // The sandbox page shows the address masked (its link is all it takes to open it).
    await expect(page.getByText(maskEmail(email))).toBeVisible();
    await payOnSandboxPage(page);

    const status = page.getByRole('status').filter({ hasText: 'Order status:' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your unlock', exact: true })).toContainText(masked(imei));
    await expect(page.getByRole('region', { name: 'Your unlock', exact: true })).toContainText('Apple iPhone 15');
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Paid');
    await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(email);

    await expect(page.getByRole('heading', { level: 1, name: 'Your phone is unlocked' })).toBeVisible({
      timeout: 100_000,
    });
    await expect(status).toHaveText('Order status: Delivered');
    const result = page.getByRole('region', { name: 'Your unlock result' });
    await expect(result).toContainText(SANDBOX_APPLE_RESULT);
    await expect(result.getByRole('heading', { name: 'How to finish' })).toBeVisible();
    await expect(result.getByRole('listitem').first()).toBeVisible();
    // The promise is kept: nothing left to wait for.
    await expect(page.getByText('This page updates by itself.')).toHaveCount(0);
  });

  test('an unlock no supplier can do ends refunded, and the page says so', async ({ page }) => {
    test.setTimeout(90_000);
    const checkout = await openCheckout(page, nextImei('rejected_everywhere'), uniqueEmail());
    await payInCheckout(page, checkout);
    await payOnSandboxPage(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Your payment was refunded' })).toBeVisible({
      timeout: 60_000,
    });
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Declined by the supplier');
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: '/tmp/h3-order-refunded.png', fullPage: true });
  });

  test('the checkout asks for the refund policy, and a second unlock of the same IMEI leads to the first', async ({
    page,
    consoleGuard,
  }) => {
    // The browser notes the refused second order on the console.
    consoleGuard.allow(/status of 409/);
    const imei = nextImei('stuck_in_process');
    // The first order is set up through the API; the journey above pays one through the pages.
    const first = await paidUnlock(page.request, uniqueEmail(), imei);

    const checkout = await openCheckout(page, imei, uniqueEmail());
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(checkout.getByRole('alert').filter({ hasText: REFUND_POLICY_MESSAGE })).toBeVisible();
    await expect(checkout.getByRole('checkbox', { name: 'I accept the refund policy' })).toBeFocused();
    await checkout.getByRole('checkbox', { name: 'I accept the refund policy' }).check();
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    const link = checkout.getByRole('link', { name: 'Open that order' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `/order/${first.orderId}`);
  });

  test('a changed price is shown for review, and paying again uses the new quote', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 409/);
    await page.setViewportSize(PHONE);
    const checkout = await openCheckout(page, nextImei('success'), uniqueEmail());
    // The quote runs out while the customer reads: the server answers with a fresh one at a new price.
    const sentQuotes: string[] = [];
    await page.route('**/api/orders/unlock', async (route) => {
      const body = route.request().postDataJSON() as { quote_id: string };
      sentQuotes.push(body.quote_id);
      if (sentQuotes.length > 1) return route.fallback();
      const fresh = await page.request.post('/api/quotes', {
        data: { imei: nextImei('success'), brand: 'Apple', model: 'iPhone 15', network: 'att', country: 'US' },
      });
      const quote = { ...((await fresh.json()) as Record<string, unknown>), price_cents: 5499 };
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'QUOTE_CHANGED', message: QUOTE_CHANGED_MESSAGE, details: { quote } } }),
      });
    });
    await checkout.getByRole('checkbox', { name: 'I accept the refund policy' }).check();
    await checkout.getByRole('button', { name: 'Pay $49.99' }).click();
    await expect(
      checkout.getByText('The price changed from $49.99 to $54.99. Please review and pay again.'),
    ).toBeVisible();
    await expect(checkout.getByRole('button', { name: 'Pay $54.99' })).toBeVisible();
    await expectSettledAccessible(page);
    await page.screenshot({ path: '/tmp/h3-unlock-checkout-price-changed.png' });
    expect(sentQuotes).toHaveLength(1);
  });

  test('a cancelled payment comes back to the panel with its entries and nothing charged', async ({ page }) => {
    const imei = nextImei('success');
    const email = uniqueEmail();
    const checkout = await openCheckout(page, imei, email);
    await payInCheckout(page, checkout);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/\?checkout=cancelled$/);

    const panel = page.getByRole('region', { name: 'Start Your Unlock' });
    await expect(panel.getByRole('status').filter({ hasText: 'Payment cancelled' })).toContainText(
      'Nothing was charged.',
    );
    await expect(panel.getByLabel('IMEI', { exact: true })).toHaveValue(imei);
    await expect(panel.getByLabel('Email')).toHaveValue(email);
    await expect(panel.getByText('$49.99', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Unlock Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Checkout' })).toBeVisible();
  });

  test('a signed-in customer opens the order from the dashboard without a token', async ({ page }) => {
    // Set-up through the API (signing up, the panel's prefill and paying have their own journeys):
    // the order is placed in this browser's session, so it is the account's.
    const email = uniqueEmail();
    await signUpThroughApi(page, email);
    await paidUnlock(page.request, email, nextImei('stuck_in_process'));

    await page.goto('/dashboard');
    await page.getByRole('link', { name: /Carrier unlock/ }).click();
    await expect(page).toHaveURL(/\/order\/[^/?]+$/);
    await expect(page.getByRole('region', { name: 'Your unlock', exact: true })).toContainText('Apple iPhone 15');
  });

  test('a wrong link finds no order and offers a way to find it', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    await page.goto('/order/00000000-0000-4000-8000-000000000000?token=nope');
    await expect(page.getByRole('heading', { level: 1, name: ORDER_NOT_FOUND_TITLE })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', /redirectTo=/);
  });

  test('keyboard only: from the panel to the payment page', async ({ page }) => {
    const imei = nextImei('success');
    const panel = await openPanel(page);
    await fillSupportedOrder(page, panel, uniqueEmail(), imei);
    await panel.getByRole('button', { name: 'Unlock Now' }).focus();
    await page.keyboard.press('Enter');
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout).toBeVisible();

    const refund = checkout.getByRole('checkbox', { name: 'I accept the refund policy' });
    for (
      let presses = 0;
      presses < 12 && !(await refund.evaluate((node) => node === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(refund).toBeFocused();
    await page.keyboard.press('Space');
    await expect(refund).toBeChecked();
    const pay = checkout.getByRole('button', { name: /^Pay \$/ });
    for (let presses = 0; presses < 12 && !(await pay.evaluate((node) => node === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(pay).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/pay\/cs_sbx_/);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`checkout modal and order page are accessible at phone width, ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.setViewportSize(PHONE);
    const checkout = await openCheckout(page, nextImei('stuck_in_process'), uniqueEmail());
    await expectSettledAccessible(page);
    await page.screenshot({ path: `/tmp/h3-unlock-checkout-${theme}.png`, fullPage: false });

    await payInCheckout(page, checkout);
    await payOnSandboxPage(page);
    await expect(page.getByRole('region', { name: 'Your unlock', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your unlock', exact: true })).toContainText(/guaranteed within/i);
    await expectSettledAccessible(page);
    await page.screenshot({ path: `/tmp/h3-order-page-${theme}.png`, fullPage: true });
  });
}
