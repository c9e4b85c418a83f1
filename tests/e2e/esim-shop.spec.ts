import type { Browser, Locator, Page } from '@playwright/test';
import { COUPON_MESSAGES } from '../../src/domain/coupon';
import { expect, expectAccessible, expectSettledAccessible, test, uniqueEmail } from './fixtures';
import { signInAsAdmin, signUpThroughUi } from './journeys';

const PHONE = { width: 390, height: 844 };
/** Sonner's 4 s on screen, and its exit. */
const TOAST_MS = 5_000;

/** Opens the shop once its destinations have loaded. */
async function openShop(page: Page, query = ''): Promise<void> {
  const loaded = page.waitForResponse((response) => response.url().endsWith('/api/esim/packages'));
  await page.goto(`/esim-shop${query}`);
  await loaded;
}

async function chooseDestination(page: Page, typed: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'Where are you going?' }).click();
  await page.getByRole('combobox', { name: 'Search destinations' }).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

function packageCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

function cartButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Cart, / });
}

/** A coupon made through the admin API, as the worker's admin (signed up once through the API, not the screens). */
async function createCoupon(browser: Browser, coupon: Record<string, unknown>): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  const res = await page.request.post('/api/admin/coupons', { data: coupon });
  expect(res.status()).toBe(201);
  await context.close();
}

test.describe('eSIM shop', () => {
  test('a traveller finds Austria, is warned about Australia, and compares its packages', async ({ page }) => {
    await openShop(page);
    await expect(page.getByRole('heading', { name: 'Travel eSIM data', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Popular destinations' }).getByRole('button')).toHaveCount(12);

    await chooseDestination(page, 'austr', /^Austria/);
    await expect(page.getByRole('heading', { name: 'eSIM for Austria' })).toBeVisible();
    await expect(page.getByText('Check the flag: this is Austria in Europe.')).toBeVisible();
    await expect(page).toHaveURL(/destination=country%3AAT/);

    const card = packageCard(page, 'Austria 3 GB · 30 days');
    await expect(card.getByText('$8.00')).toBeVisible();
    await expect(card.getByText('$2.67 per GB')).toBeVisible();
    const europe = packageCard(page, 'Europe 3 GB · 30 days');
    await expect(europe.getByText('Works in 44 countries')).toBeVisible();
    await europe.getByText('See the 44 countries').click();
    await expect(europe.getByText(/Austria.*Germany/)).toBeVisible();

    await page.getByRole('button', { name: 'I meant Australia' }).click();
    await expect(page.getByRole('heading', { name: 'eSIM for Australia' })).toBeVisible();
    await expect(page.getByText('Check the flag: this is Australia in Oceania.')).toBeVisible();

    await page.getByRole('button', { name: 'All destinations' }).click();
    await page
      .getByRole('region', { name: 'Regional and global plans' })
      .getByRole('button', { name: /^Europe/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Europe eSIM' })).toBeVisible();

    await expect(page.getByRole('link', { name: 'Read the travel eSIM help' })).toHaveAttribute(
      'href',
      '/support/esim-travel',
    );
  });

  test('the cart counts packages in the header, keeps them across a reload, and edits them and checks the email in the checkout', async ({
    page,
  }) => {
    await openShop(page, '?destination=country:FR');
    await expect(cartButton(page)).toHaveCount(0);

    await packageCard(page, 'France 1 GB · 7 days').getByRole('button', { name: 'Add to cart' }).click();
    await packageCard(page, 'France 1 GB · 7 days').getByRole('button', { name: 'Add to cart' }).click();
    await packageCard(page, 'France 3 GB · 30 days').getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
    await expect(packageCard(page, 'France 1 GB · 7 days').getByText('2 in your cart')).toBeVisible();

    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
    // The cart button belongs to the eSIM pages only.
    await page.getByRole('banner').getByRole('link', { name: 'Carrier Unlocks' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(cartButton(page)).toHaveCount(0);
    await page.goBack();

    await cartButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByRole('definition').last()).toHaveText('$17.00');
    await dialog.getByRole('button', { name: 'One fewer France 1 GB · 7 days' }).click();
    await expect(dialog.getByRole('definition').last()).toHaveText('$12.50');

    const pay = dialog.getByRole('button', { name: /^Pay/ });
    const email = dialog.getByLabel('Email for your eSIM and receipt');
    await expect(pay).toBeDisabled();
    await email.fill('ann@');
    await email.blur();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await email.fill('ann@gmial.com');
    await expect(dialog.getByText('Did you mean ann@gmail.com?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Fix it' }).click();
    await expect(email).toHaveValue('ann@gmail.com');
    await expect(pay).toBeEnabled();

    await dialog.getByRole('button', { name: 'Remove France 3 GB · 30 days' }).click();
    await dialog.getByRole('button', { name: 'One fewer France 1 GB · 7 days' }).click();
    await expect(dialog.getByText('Your cart is empty')).toBeVisible();
    await expect(pay).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(cartButton(page)).toHaveCount(0);
  });

  test('a traveller buys two packages with a coupon, pays on the test page and installs from the receipt', async ({
    page,
    browser,
    consoleGuard,
  }) => {
    // The eSIMs are provisioned by a background job.
    // The store answers 404 or 400 for a coupon it refuses; the browser notes that in its console.
    consoleGuard.allow(/status of 40[04] .*\/api\/coupons\/validate/);
    // Codes of their own, so that a retry on the same store creates new ones.
    const run = Date.now().toString(36).toUpperCase();
    const trip = `TRIP${run}`;
    await createCoupon(browser, { code: trip, percent_off: 10 });
    await createCoupon(browser, { code: `GONE${run}`, percent_off: 10, expires_at: '2020-01-01T00:00:00Z' });

    await openShop(page);
    await chooseDestination(page, 'france', 'France');
    await packageCard(page, 'France 10 GB · 30 days').getByRole('button', { name: 'Add to cart' }).click();
    await packageCard(page, 'Europe 3 GB · 30 days').getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
    await expect(cartButton(page).getByText('2')).toBeVisible();
    await cartButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    const pay = dialog.getByRole('button', { name: /^Pay/ });
    await expect(pay).toBeDisabled();

    await dialog.getByLabel('Email for your eSIM and receipt').fill('ann@gmail.com');
    await expect(pay).toBeEnabled();

    const coupon = dialog.getByLabel('Coupon code');
    await coupon.fill('nope');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText(COUPON_MESSAGES.invalid)).toBeVisible();
    await coupon.fill(` gone${run.toLowerCase()} `);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText(COUPON_MESSAGES.expired)).toBeVisible();
    await coupon.fill(` ${trip.toLowerCase()} `);
    await coupon.press('Enter');
    await expect(dialog.getByText(`Coupon ${trip} applied`)).toBeVisible();

    const totals = dialog.getByRole('definition');
    await expect(totals.nth(0)).toHaveText('$28.00');
    await expect(totals.nth(1)).toHaveText('-$2.80');
    await expect(totals.nth(2)).toHaveText('$0.00');
    await expect(totals.nth(3)).toHaveText('$25.20');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(totals.nth(3)).toHaveText('$28.00');
    await coupon.fill(trip);
    await coupon.press('Enter');
    await expect(pay).toHaveText('Pay $25.20');
    await pay.click();

    await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
    await expect(page.getByText('no real card is charged').first()).toBeVisible();
    await page.getByRole('button', { name: 'Pay $25.20' }).click();
    await expect(page).toHaveURL(/\/esim\/receipt\?order=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your eSIM is ready to install' })).toBeVisible({
      timeout: 20_000,
    });
    const france = page.getByRole('region', { name: 'France 10 GB · 30 days', exact: true });
    await expect(france.getByRole('img', { name: 'QR code to install France 10 GB · 30 days' })).toBeVisible();
    await expect(france.getByRole('link', { name: /Install on iPhone/ })).toHaveAttribute(
      'href',
      /^https:\/\/esimsetup\.apple\.com\/esim_qrcode_provisioning\?carddata=LPA:1\$/,
    );
    await expect(page.getByRole('region', { name: 'Europe 3 GB · 30 days', exact: true })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Order summary' }).getByText(/^[−-]\$2\.80$/)).toBeVisible();
    // The cart was emptied when the payment session was created.
    await expect(cartButton(page)).toHaveCount(0);
  });

  test('Pay takes the buyer to the payment page and empties the cart, Cancel there puts it back; Buy now leaves the cart alone', async ({
    page,
  }) => {
    await openShop(page, '?destination=country:IT');
    await packageCard(page, 'Italy 1 GB · 7 days').getByRole('button', { name: 'Add to cart' }).click();

    await packageCard(page, 'Italy 10 GB · 30 days').getByRole('button', { name: 'Buy now' }).click();
    const single = page.getByRole('dialog', { name: 'Buy your eSIM' });
    await expect(single.getByRole('listitem')).toHaveCount(1);
    await expect(single.getByText('Italy 10 GB · 30 days')).toBeVisible();
    await single.getByLabel('Email for your eSIM and receipt').fill('traveller@example.com');
    await single.getByRole('button', { name: 'Pay $18.00' }).click();
    await expect(page).toHaveURL(/\/pay\/[\w-]+$/);

    await openShop(page, '?destination=country:IT');
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    await cartButton(page).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.getByLabel('Email for your eSIM and receipt').fill('traveller@example.com');
    await cart.getByRole('button', { name: 'Pay $4.50' }).click();
    await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'eSIM for Italy' })).toBeVisible();
    await expect(cartButton(page)).toHaveCount(0);

    // Cancelling on the payment page puts the cart back exactly as it was.
    await page.goForward();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    await cartButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Your cart' }).getByText('Italy 1 GB · 7 days')).toBeVisible();

    // The checkout as a page (a shared or reloaded link): the same cart, paid the same way.
    await page.goto('/esim/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const checkout = page.getByRole('region', { name: 'Your cart' });
    await expect(checkout.getByText('Italy 1 GB · 7 days')).toBeVisible();
    await expectAccessible(page);
    await checkout.getByLabel('Email for your eSIM and receipt').fill('traveller@example.com');
    await checkout.getByRole('button', { name: 'Pay $4.50' }).click();
    await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
  });

  test('a signed-in customer finds the email filled in, and the paid eSIM on the dashboard', async ({ page }) => {
    const email = uniqueEmail();
    await signUpThroughUi(page, email);
    await expect(page.getByText('You have no orders yet.')).toBeVisible();

    await openShop(page, '?destination=country:ES');
    await packageCard(page, 'Spain 3 GB · 30 days').getByRole('button', { name: 'Buy now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy your eSIM' });
    await expect(dialog.getByLabel('Email for your eSIM and receipt')).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Pay $8.00' }).click();
    await page.getByRole('button', { name: 'Pay $8.00' }).click();
    await expect(page).toHaveURL(/\/esim\/receipt\?order=/);

    await page.goto('/dashboard');
    const orders = page.getByRole('list', { name: 'Your orders' });
    await expect(orders.getByRole('link', { name: /Spain 3 GB · 30 days/ })).toBeVisible();
    await expect(orders.getByText('$8.00')).toBeVisible();
    await expectSettledAccessible(page);
    await orders.getByRole('link', { name: /Spain 3 GB · 30 days/ }).click();
    await expect(page.getByRole('region', { name: 'Spain 3 GB · 30 days', exact: true })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('a shopper finds a destination and adds a package by keyboard alone', async ({ page }) => {
    await openShop(page);
    const search = page.getByRole('combobox', { name: 'Where are you going?' });
    await search.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('spain');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'eSIM for Spain' })).toBeVisible();
    const add = packageCard(page, 'Spain 1 GB · 7 days').getByRole('button', { name: 'Add to cart' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cartButton(page)).toBeFocused();
  });
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { name: 'desktop', size: { width: 1280, height: 800 } },
    { name: 'phone', size: PHONE },
  ]) {
    test.describe(`eSIM shop accessibility, ${theme} theme, ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      });

      test('destinations and the search open', async ({ page }) => {
        await openShop(page);
        await expect(page.getByRole('region', { name: 'Popular destinations' })).toBeVisible();
        await expectSettledAccessible(page);

        await page.getByRole('combobox', { name: 'Where are you going?' }).click();
        await expect(page.getByRole('option').first()).toBeVisible();
        await expectSettledAccessible(page);
      });

      test('a country with its packages, a package added, and the checkout with errors', async ({ page }) => {
        // The toast's 4 s are moved on the page's clock, not waited for.
        await page.clock.install();
        await openShop(page);
        await chooseDestination(page, 'austria', /^Austria/);
        await expect(page.getByRole('button', { name: 'I meant Australia' })).toBeVisible();
        await packageCard(page, 'Austria 3 GB · 30 days').getByRole('button', { name: 'Add to cart' }).click();
        const toasts = page.getByRole('region', { name: /Notifications/ });
        await expect(toasts.getByText('Added to cart')).toBeVisible();
        await expectSettledAccessible(page);
        // Gone before the cart opens: otherwise whether it still shows, dimmed under the cart's
        // overlay when axe checks the cart, depends on how fast the steps ran. Sonner keeps it
        // 4 s, longer while the pointer rests on it, so the pointer moves off first.
        await page.mouse.move(0, 0);
        await page.clock.runFor(TOAST_MS);
        await expect(toasts.getByText('Added to cart')).toBeHidden();

        await cartButton(page).click();
        const dialog = page.getByRole('dialog', { name: 'Your cart' });
        const email = dialog.getByLabel('Email for your eSIM and receipt');
        await email.fill('ann@gmial');
        await email.blur();
        await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
        await expectSettledAccessible(page);
        // Nothing in the cart reaches into its right padding, however narrow the screen.
        const overflowing = await dialog.evaluate((cart) => {
          const inner = cart.getBoundingClientRect().right - parseFloat(getComputedStyle(cart).paddingRight);
          return (
            [...cart.querySelectorAll('input, button, li')]
              // The close button sits in the corner on purpose.
              .filter((element) => getComputedStyle(element).position !== 'absolute')
              .filter((element) => element.getBoundingClientRect().right > inner + 0.5)
              .map((element) => element.textContent || element.getAttribute('name') || element.tagName)
          );
        });
        expect(overflowing).toEqual([]);
      });
    });
  }
}
