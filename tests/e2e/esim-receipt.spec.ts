import type { APIRequestContext, Page } from '@playwright/test';
import type { OrderAnswerOf } from '../../src/domain/order-answer';
import { NOT_FOUND_NOISE, expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { maskEmail } from '../../src/domain/email';

/** An order the store does not hold (its answer is mocked) has no support conversations either. */
const mockNoConversations = (page: Page) =>
  page.route('**/api/support/conversations?*', (route) => route.fulfill({ json: { conversations: [] } }));

const THEMES = ['dark', 'light'] as const;
const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

interface PackageRow {
  readonly package_id: string;
  readonly package_name: string;
  readonly price_cents: number;
}

async function firstPackage(request: APIRequestContext, query: string): Promise<PackageRow> {
  const response = await request.get(`/api/esim/packages?${query}`);
  expect(response.ok()).toBe(true);
  const rows = (await response.json()) as PackageRow[];
  const row = rows[0];
  if (!row) throw new Error(`no eSIM package for ${query}`);
  return row;
}

interface PlacedOrder {
  /** The sandbox payment page, as a path on the store under test. */
  readonly payPath: string;
  readonly email: string;
  readonly packages: readonly PackageRow[];
}

/** Starts an eSIM checkout through the API, as the checkout dialog does, and returns where it sends the buyer. */
async function placeOrder(
  request: APIRequestContext,
  lines: readonly { query: string; quantity: number }[] = [{ query: 'country=JP', quantity: 1 }],
): Promise<PlacedOrder> {
  const packages = await Promise.all(lines.map((line) => firstPackage(request, line.query)));
  const email = uniqueEmail();
  const response = await request.post('/api/esim/checkout', {
    data: {
      email,
      device_type: 'ios',
      items: packages.map((row, index) => ({ package_id: row.package_id, quantity: lines[index]?.quantity ?? 1 })),
    },
  });
  expect(response.ok()).toBe(true);
  const { url } = (await response.json()) as { url: string };
  const payUrl = new URL(url);
  expect(payUrl.pathname).toMatch(/^\/pay\/cs_sbx_/);
  return { payPath: payUrl.pathname, email, packages };
}

/** Pays on the sandbox page and waits for the receipt it sends the browser to. */
async function payAndOpenReceipt(page: Page, payPath: string): Promise<void> {
  await page.goto(payPath);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/esim\/receipt\?order=[0-9a-f-]{36}&token=/);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

async function expectDelivered(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Your eSIM is ready to install' })).toBeVisible({
    timeout: 20_000,
  });
}

/** A failed, refunded order with a coupon, as GET /api/orders/:id answers it (for the states a run cannot reach). */
function answeredOrder(): OrderAnswerOf<'esim'> {
  return {
    id: '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f',
    short_id: '3f2a9c1e',
    kind: 'esim',
    status: 'failed',
    checkout_orders: [],
    email: 'traveller@example.com',
    currency: 'USD',
    subtotal_cents: 1700,
    discount_cents: 170,
    total_cents: 1530,
    coupon_code: 'SAVE10',
    refunded: true,
    created_at: new Date().toISOString(),
    items: [
      {
        id: 'item-1',
        product_ref: 'jp-3gb-30d',
        name: 'Japan 3 GB · 30 days',
        quantity: 2,
        unit_price_cents: 850,
        line_total_cents: 1700,
        details: { kind: 'local', countries_iso3: ['JPN'] },
      },
    ],
    events: [],
    esim_profiles: [],
  };
}

test.describe('sandbox payment page', () => {
  test('is marked as a test payment and shows the merchant, items, total and email', async ({ page }) => {
    const order = await placeOrder(page.request, [
      { query: 'country=JP', quantity: 1 },
      { query: 'region=Europe', quantity: 2 },
    ]);
    const [japan, europe] = order.packages;
    if (!japan || !europe) throw new Error('packages missing');
    const total = japan.price_cents + europe.price_cents * 2;
    const dollars = `$${(total / 100).toFixed(2)}`;

    await page.goto(order.payPath);
    await expect(page).toHaveTitle(/Test payment/);
    await expect(page.getByText('Test mode', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('no real card is charged').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay OpenLine' })).toBeVisible();
    await expect(page.getByText(japan.package_name)).toBeVisible();
    await expect(page.getByText(europe.package_name)).toBeVisible();
    await expect(page.getByText(/Qty 2 ×/)).toBeVisible();
    // Masked: the page's link is all it takes to see it.
    await expect(page.getByText(maskEmail(order.email))).toBeVisible();
    await expect(page.getByText(order.email)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Pay ${dollars}` })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  test('Cancel returns to the shop', async ({ page }) => {
    const order = await placeOrder(page.request);
    await page.goto(order.payPath);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/esim-shop\?checkout=cancelled$/);
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toContainText(
      'Nothing was charged. Your cart is just as you left it.',
    );

    // The abandoned session can no longer be paid, and says so.
    await page.goto(order.payPath);
    await expect(page.getByRole('heading', { level: 1, name: 'This checkout has expired' })).toBeVisible();
    await expect(page.getByText('Nothing was charged.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/receipt-pay-expired.png' });
    await page.getByRole('button', { name: 'Return to OpenLine' }).click();
    await page.waitForURL(/\/esim-shop\?checkout=cancelled$/);
  });

  test('a paid session says so and leads back to the receipt', async ({ page }) => {
    const order = await placeOrder(page.request);
    await payAndOpenReceipt(page, order.payPath);
    const receiptUrl = page.url();

    await page.goto(order.payPath);
    await expect(page.getByRole('heading', { level: 1, name: 'This payment is complete' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/receipt-pay-paid.png' });
    await page.getByRole('button', { name: 'View Your Receipt' }).click();
    await page.waitForURL(receiptUrl);
  });

  test('an unknown session is not found', async ({ page, consoleGuard }) => {
    consoleGuard.allow(NOT_FOUND_NOISE);
    await page.goto('/pay/cs_sbx_does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment session not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse eSIMs' })).toHaveAttribute('href', '/esim-shop');
    await expectAccessible(page);
  });
});

test.describe('eSIM receipt', () => {
  test('pay, watch the order get delivered, and install from the receipt', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const order = await placeOrder(page.request, [
      { query: 'country=JP', quantity: 1 },
      { query: 'region=Europe', quantity: 2 },
    ]);
    await payAndOpenReceipt(page, order.payPath);
    await expect(page).toHaveTitle(/Your eSIM Receipt/);

    // The status is announced politely and turns to delivered without a reload.
    const status = page.getByRole('status').filter({ hasText: 'Order status:' });
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expectDelivered(page);
    await expect(status).toHaveText('Order status: Delivered');

    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const shortId = new URL(page.url()).searchParams.get('order')?.slice(0, 8) ?? '';
    await expect(summary.getByText(`#${shortId}`)).toBeVisible();
    await expect(summary.getByText(order.email)).toBeVisible();
    await expect(summary.getByText('Processing fee')).toBeVisible();
    await expect(summary.getByText('$0.00')).toBeVisible();
    await expect(summary.getByText(/Works in \d+ countries/)).toBeVisible();

    // One install card per eSIM: the Europe line holds two.
    const [japan, europe] = order.packages;
    if (!japan || !europe) throw new Error('packages missing');
    await expect(page.getByRole('region', { name: japan.package_name, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: `${europe.package_name} (eSIM 2 of 2)` })).toBeVisible();

    const card = page.getByRole('region', { name: japan.package_name, exact: true });
    const qr = card.getByRole('img', { name: `QR code to install ${japan.package_name}` });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const install = card.getByRole('link', { name: /Install on iPhone/ });
    await expect(install).toHaveAttribute(
      'href',
      /^https:\/\/esimsetup\.apple\.com\/esim_qrcode_provisioning\?carddata=LPA:1\$[^$]+\$.+/,
    );
    await expect(card.getByText(/iOS 17\.4 or later/)).toBeVisible();

    const smdp = (await install.getAttribute('href'))?.split('$')[1] ?? '';
    await card.getByRole('button', { name: 'Copy SM-DP+ address' }).click();
    await expect(card.getByRole('button', { name: 'Copied SM-DP+ address' })).toBeVisible();
    await expect(page.getByText('SM-DP+ address copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(smdp);

    await card.getByRole('button', { name: 'Copy Activation code', exact: true }).click();
    const matchingId = (await install.getAttribute('href'))?.split('$')[2] ?? '';
    await expect(card.getByRole('button', { name: 'Copied Activation code', exact: true })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(matchingId);

    await expect(card.getByRole('heading', { name: 'On Android' })).toBeVisible();
    await expect(card.getByText(/Network & internet > SIMs/)).toBeVisible();

    const checklist = page.getByRole('region', { name: 'After-install checklist' });
    for (const step of [
      /^Install before you leave, over Wi.Fi$/,
      /^Turn on the eSIM line$/,
      /^Turn on data roaming$/,
      /^Choose it for mobile data$/,
    ]) {
      await expect(checklist.getByText(step)).toBeVisible();
    }

    // The same screen answers on its second address.
    await page.goto(page.url().replace('/esim/receipt', '/esim-receipt'));
    await expectDelivered(page);
  });

  test('a wrong or missing token finds no order', async ({ page, consoleGuard }) => {
    consoleGuard.allow(NOT_FOUND_NOISE);
    const order = await placeOrder(page.request);
    await payAndOpenReceipt(page, order.payPath);
    await expectDelivered(page);
    const url = new URL(page.url());
    const orderId = url.searchParams.get('order') ?? '';

    for (const search of [
      `?order=${orderId}&token=not-the-token`,
      `?order=${orderId}`,
      '?order=00000000-0000-4000-8000-000000000000&token=abc',
      '',
    ]) {
      await page.goto(`/esim/receipt${search}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
      await expect(page.getByText(order.email)).toHaveCount(0);
      await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    }
  });

  test('an order being delivered shows its progress and updates without a reload', async ({ page }) => {
    const paid: OrderAnswerOf<'esim'> = { ...answeredOrder(), status: 'paid', refunded: false };
    const delivered: OrderAnswerOf<'esim'> = {
      ...paid,
      status: 'fulfilled',
      esim_profiles: [
        {
          order_item_id: 'item-1',
          iccid: '8944000000000000011',
          smdp_address: 'smdp.example.test',
          matching_id: 'MATCH-1',
          lpa: 'LPA:1$smdp.example.test$MATCH-1',
          ios_install_link:
            'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$smdp.example.test$MATCH-1',
        },
        {
          order_item_id: 'item-1',
          iccid: '8944000000000000012',
          smdp_address: 'smdp.example.test',
          matching_id: 'MATCH-2',
          lpa: 'LPA:1$smdp.example.test$MATCH-2',
          ios_install_link:
            'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$smdp.example.test$MATCH-2',
        },
      ],
    };
    let deliver = false;
    let calls = 0;
    await mockNoConversations(page);
    await page.route('**/api/orders/*', (route) => {
      calls += 1;
      return route.fulfill({ json: deliver ? delivered : paid });
    });
    await page.goto(`/esim/receipt?order=${paid.id}&token=t`);

    await expect(page.getByRole('heading', { level: 1, name: 'Preparing your eSIM' })).toBeVisible();
    const progress = page.getByRole('list', { name: 'Delivery progress' });
    await expect(progress.getByRole('listitem')).toHaveText([
      /Payment confirmed \(done\)$/,
      /eSIM issued \(in progress\)$/,
      /Ready to install \(to come\)$/,
    ]);
    await expect(page.getByText('Your QR code and install details appear here')).toBeVisible();
    await page.screenshot({ path: '/tmp/receipt-in-progress.png', fullPage: true });
    // The page asks again on its own while the order is in progress.
    await expect.poll(() => calls, { timeout: 6_000 }).toBeGreaterThanOrEqual(2);

    await page.evaluate(() => Object.assign(window, { samePage: true }));
    deliver = true;
    await expectDelivered(page);
    await expect(page.getByRole('status').filter({ hasText: 'Order status:' })).toHaveText('Order status: Delivered');
    await expect(page.getByRole('region', { name: 'Japan 3 GB · 30 days (eSIM 1 of 2)' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^QR code to install/ })).toHaveCount(2);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);

    // Once delivered it stops asking.
    const settled = calls;
    await page.waitForTimeout(2_500);
    expect(calls).toBe(settled);
  });

  test('a failed order says it failed and was refunded', async ({ page }) => {
    const order = answeredOrder();
    await mockNoConversations(page);
    await page.route('**/api/orders/*', (route) => route.fulfill({ json: order }));
    await page.goto(`/esim/receipt?order=${order.id}&token=t`);

    await expect(page.getByRole('heading', { level: 1, name: 'We could not deliver your eSIM' })).toBeVisible();
    await expect(page.getByText('Status: Failed — refunded', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Order status:' })).toHaveText(
      'Order status: Failed — refunded',
    );
    await expect(page.getByText(/we have refunded \$15\.30 to your original payment method/)).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByText('SAVE10')).toBeVisible();
    await expect(summary.getByText('−$1.70')).toBeVisible();
    await expect(summary.getByText('Total (refunded)')).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/receipt-failed.png', fullPage: true });
  });
});

for (const theme of THEMES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`payment and receipt, ${theme} theme, ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      });

      test('are accessible', async ({ page, consoleGuard }) => {
        // Four screens, each analysed by axe: 15-29 s on a 2-core machine, too close to the default 30 s.
        test.slow();
        consoleGuard.allow(NOT_FOUND_NOISE);
        const order = await placeOrder(page.request);
        await page.goto(order.payPath);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeVisible();
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/receipt-pay-${theme}-${viewport.name}.png`, fullPage: true });

        await page.getByRole('button', { name: /^Pay \$/ }).click();
        await page.waitForURL(/\/esim\/receipt\?/);
        await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
        await expectDelivered(page);
        await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/receipt-receipt-${theme}-${viewport.name}.png`, fullPage: true });

        await page.goto('/esim/receipt?order=00000000-0000-4000-8000-000000000000&token=abc');
        await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/receipt-not-found-${theme}-${viewport.name}.png` });
      });
    });
  }
}
