import { CHECK_DELIVERY_TEXT } from '../../src/domain/device-checks';
import { REFUND_REQUEST_ANSWERS } from '../../src/domain/device-service-forms';
import { DEVICE_SERVICE_REFUSALS } from '../../src/domain/device-services';
import { SANDBOX_TACS, sandboxImei } from '../../src/server/integrations/suppliers/sandbox-outcomes';
import { DEVICE_SERVICE_EVENTS } from '../../src/domain/unlock-fulfilment';
import { sandboxCheckImei } from '../../src/server/integrations/checks/sandbox-server';
import { SANDBOX_SERVICE_RESULT } from '../../src/server/integrations/suppliers/sandbox-server';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { openPanel, payThroughApi, picker } from './unlock-journeys';

/** A sandbox IMEI of an iPhone 8 the sandbox check provider reports locked to AT&T (docs/checks.md). */
const CARRIER_LOCKED = '352992090000839';
const masked = `${CARRIER_LOCKED.slice(0, 8)}***${CARRIER_LOCKED.slice(-4)}`;
const MISFIT_SAMSUNG_ICLOUD =
  'This IMEI is a Samsung Galaxy S22: the iCloud Activation Lock removal is for Apple devices. The FRP (Google account) lock removal is $29.99.';

test.describe('device checks', () => {
  test('free check, then a paid Apple report by keyboard, its result, and a share link opened signed out', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/apple-check');
    await expect(page.getByRole('heading', { level: 1, name: 'Apple iPhone Check' })).toBeVisible();
    // The delivery promise before any form: the time after which the check is refunded.
    await expect(page.getByText(CHECK_DELIVERY_TEXT)).toBeVisible();

    const free = page.getByRole('form', { name: 'Free IMEI check' });
    await free.getByLabel('IMEI or serial number').fill(`35-299209 000083 9`);
    await free.getByLabel('IMEI or serial number').press('Enter');
    await expect(page.getByRole('region', { name: 'Apple iPhone 8' })).toContainText('Phone');
    await expectAccessible(page);

    const paid = page.getByRole('form', { name: 'Buy a device check' });
    await expect(paid.getByRole('radio', { name: /Full Apple report/ })).toBeChecked();
    await expect(paid.getByLabel('IMEI or serial number')).toHaveValue(CARRIER_LOCKED);
    await paid.getByLabel('Email').fill(uniqueEmail());
    await paid.getByLabel('Email').press('Enter');

    await page.waitForURL(/\/pay\/cs_sbx_/);
    await page.getByRole('button', { name: /^Pay \$4\.99/ }).click();
    await page.waitForURL(/\/imei-check\/results\/[0-9a-f-]{36}\?token=/);
    const result = page.getByRole('region', { name: 'Full Apple report', exact: true });
    await expect(result).toContainText('SIM lock', { timeout: 30_000 });
    await expect(result).toContainText('Locked');
    await expect(result).toContainText('AT&T');
    await expect(result.getByRole('link', { name: 'Unlock this phone' })).toHaveAttribute(
      'href',
      new RegExp(`imei=${CARRIER_LOCKED}.*&country=United\\+States&carrier=AT%26T`),
    );
    await expect(result.getByRole('link', { name: 'Download the report (PDF)' })).toBeVisible();
    await expectAccessible(page);

    const card = page.getByRole('region', { name: 'Share this order’s status' });
    await card.getByRole('button', { name: 'Create share link' }).click();
    const url = (await card.getByRole('list', { name: 'Share links' }).locator('code').textContent()) ?? '';
    const stranger = await browser.newContext({ baseURL: new URL(url).origin });
    const shared = await stranger.newPage();
    await shared.goto(new URL(url).pathname);
    const sharedResult = shared.getByRole('region', { name: 'Full Apple report', exact: true });
    await expect(sharedResult).toContainText(masked);
    await expect(sharedResult).toContainText('AT&T');
    await expect(shared.locator('body')).not.toContainText(CARRIER_LOCKED);
    await stranger.close();

    // The browser's list names the check by product and device, in the site's date format.
    await page.goto('/imei-check/results');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Full Apple report' }) });
    await expect(row).toContainText('Apple iPhone 8');
    await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
  });

  test('a Knox check for an iPhone is refused before payment with the check that fits, which then sells', async ({
    page,
    consoleGuard,
  }) => {
    // The browser notes the refused order on the console.
    consoleGuard.allow(/status of 409/);
    await page.goto('/knox-check');
    const paid = page.getByRole('form', { name: 'Buy a device check' });
    await expect(paid.getByRole('radio', { name: /Samsung Knox \/ MDM check/ })).toBeChecked();
    await paid.getByLabel('IMEI').fill(CARRIER_LOCKED);
    await paid.getByLabel('Email').fill(uniqueEmail());
    await page.getByRole('button', { name: /^Buy Samsung Knox \/ MDM check/ }).click();
    await expect(
      paid.getByText(
        'This IMEI is an Apple iPhone 8: the Samsung Knox / MDM check is for Samsung devices. The Full Apple report is $4.99.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/knox-check$/);

    await paid.getByRole('radio', { name: /Full Apple report/ }).check();
    await page.getByRole('button', { name: /^Buy Full Apple report · \$4\.99$/ }).click();
    await page.waitForURL(/\/pay\/cs_sbx_/);
  });

  test('a cancelled payment of a check and of a service comes back to the filled form, nothing charged', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await page.goto('/knox-check');
    const paid = page.getByRole('form', { name: 'Buy a device check' });
    const galaxy = sandboxCheckImei('clean', Math.floor(Math.random() * 10_000), 'samsung');
    await paid.getByLabel('IMEI', { exact: true }).fill(galaxy);
    await paid.getByLabel('Email').fill(email);
    await paid.getByLabel('Email').press('Enter');
    await page.waitForURL(/\/pay\/cs_sbx_/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/knox-check\?checkout=cancelled$/);
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toContainText(
      'Nothing was charged. Your details are just as you left them.',
    );
    await expect(paid.getByRole('radio', { name: /Samsung Knox/ })).toBeChecked();
    await expect(paid.getByLabel('IMEI', { exact: true })).toHaveValue(galaxy);
    await expect(paid.getByLabel('Email')).toHaveValue(email);

    await page.goto('/frp-unlock');
    const form = page.getByRole('form', { name: /^Order FRP/ });
    await form.getByLabel('IMEI or serial number').fill(galaxy);
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Manufacturer').selectOption('Samsung');
    for (const box of await form.getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: /^Continue to payment/ }).click();
    await page.waitForURL(/\/pay\/cs_sbx_/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/frp-unlock\?checkout=cancelled$/);
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toBeVisible();
    await expect(form.getByLabel('IMEI or serial number')).toHaveValue(galaxy);
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(form.getByLabel('Manufacturer')).toHaveValue('Samsung');
    for (const box of await form.getByRole('checkbox').all()) await expect(box).toBeChecked();
  });

  test('the unlock offer of a result and an IMEI typed first fill the unlock panel', async ({ page }) => {
    // A report's link names the country and the carrier as the report does: the panel picks them.
    await page.goto(
      `/?imei=${CARRIER_LOCKED}&brand=Apple&model=iPhone+8&country=United+States&carrier=AT%26T#start-unlock`,
    );
    let panel = page.getByRole('region', { name: 'Start Your Unlock' });
    await expect(panel.getByLabel('IMEI', { exact: true })).toHaveValue(CARRIER_LOCKED);
    await expect(picker(panel, 'Brand')).toContainText('Apple');
    await expect(picker(panel, 'Model')).toContainText('iPhone 8');
    await expect(picker(panel, 'Country')).toHaveText('United States');
    await expect(picker(panel, 'Carrier')).toHaveText('AT&T');

    // Typed before the brand, a Galaxy S22's IMEI names its brand and model.
    panel = await openPanel(page);
    await panel.getByLabel('IMEI', { exact: true }).fill('350020270000106');
    await expect(picker(panel, 'Brand')).toContainText('Samsung');
    await expect(picker(panel, 'Model')).toContainText('Galaxy S22');
  });

  test('the eSIM checkout tells a traveller the phone is locked and offers the unlock, prefilled', async ({ page }) => {
    const loaded = page.waitForResponse((response) => response.url().includes('/api/esim/packages'));
    await page.goto('/esim-shop?destination=country:FR');
    await loaded;
    await page
      .getByRole('article', { name: 'France 1 GB · 7 days' })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Cart, / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    await dialog.getByRole('button', { name: 'Is your phone unlocked? Check for free' }).click();
    await dialog.getByLabel('Your phone’s IMEI').fill(CARRIER_LOCKED);
    await dialog.getByLabel('Your phone’s IMEI').press('Enter');
    await expect(dialog.getByRole('status')).toContainText('locked to AT&T');
    await expectAccessible(page);
    await dialog.getByRole('link', { name: 'Unlock your phone first' }).click();

    const panel = page.getByRole('region', { name: 'Start Your Unlock' });
    await expect(panel.getByLabel('IMEI', { exact: true })).toHaveValue(CARRIER_LOCKED);
    await expect(picker(panel, 'Brand')).toContainText('Apple');
  });

  test('an iCloud removal: a device in lost mode is refused before payment, a clean one is paid by keyboard and done', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    // The browser notes the refused order on the console.
    consoleGuard.allow(/status of 409/);
    await page.goto('/icloud-unlock');
    await expect(page.getByRole('heading', { level: 1, name: 'iCloud Activation Lock removal' })).toBeVisible();
    // The promise before any form is the one the order keeps: its first tool's (24-72 hours in the sandbox).
    await expect(
      page.getByText(/Delivery: Usually \d+ hours, guaranteed within 3 days: if it is not done by then/),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Order iCloud Activation Lock removal' });
    const identifier = form.getByLabel('IMEI or serial number');
    // Its own devices: a device has one paid service of a kind at a time.
    const serial = Math.floor(Math.random() * 10_000);
    // A Samsung's IMEI: the store knows its model, and says which service fits it before any charge.
    await identifier.fill(sandboxCheckImei('clean', serial, 'samsung'));
    await form.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    for (const box of await form.getByRole('checkbox').all()) await box.check();
    const pay = page.getByRole('button', { name: /^Continue to payment · \$49\.99$/ });
    await pay.click();
    await expect(form.getByText(MISFIT_SAMSUNG_ICLOUD)).toBeVisible();
    await expect(identifier).toHaveAttribute('aria-invalid', 'true');

    await identifier.fill(sandboxCheckImei('lost_mode', serial));
    await pay.click();
    await expect(page.getByRole('alert').filter({ hasText: DEVICE_SERVICE_REFUSALS.lost })).toBeVisible();
    await expect(page).toHaveURL(/\/icloud-unlock$/);

    // By keyboard: a clean device, from the identifier to the payment button.
    await identifier.fill('');
    await identifier.focus();
    await page.keyboard.type(sandboxCheckImei('clean', serial));
    for (let step = 0; step < 12 && !(await pay.evaluate((button) => button === document.activeElement)); step++) {
      await page.keyboard.press('Tab');
    }
    await expect(pay).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/pay\/cs_sbx_/);
    await page.getByRole('button', { name: /^Pay \$49\.99/ }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}\?token=/);
    await expect(page.getByRole('region', { name: 'Your service', exact: true })).toContainText(
      'iCloud Activation Lock removal',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Your device’s lock was removed' })).toBeVisible({
      timeout: 60_000,
    });
    const result = page.getByRole('region', { name: 'Your service result' });
    await expect(result).toContainText(SANDBOX_SERVICE_RESULT);
    await expect(result.getByRole('heading', { name: 'How to set your device up' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText(DEVICE_SERVICE_EVENTS.submitted);
    await expectAccessible(page);
  });

  test('the iPhone refund request of an iCloud removal still in progress refunds it', async ({ page }) => {
    test.setTimeout(60_000);
    // An iPhone's IMEI: the store refuses an iCloud removal for a device it knows is not Apple's.
    const imei = sandboxImei('stuck_in_process', Math.floor(Math.random() * 5000), SANDBOX_TACS.iphone);
    const email = uniqueEmail();
    const placed = await page.request.post('/api/device-services', {
      data: {
        service: 'icloud_removal',
        identifier: imei,
        email,
        brand: 'Apple',
        lawful: true,
        noData: true,
        refund: true,
      },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const paid = await payThroughApi(page.request, ((await placed.json()) as { url: string }).url);
    await page.goto(`/order/${paid.orderId}?token=${paid.token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your service is in progress' })).toBeVisible({
      timeout: 20_000,
    });

    await page.getByRole('button', { name: 'Request a refund' }).click();
    const form = page.getByRole('form', { name: 'iPhone refund request' });
    await form.getByLabel('Region').selectOption('USA');
    await form.getByLabel('iPhone model').selectOption('iPhone 13');
    await form.getByLabel('IMEI').fill(imei);
    await form.getByLabel('Email').fill(email);
    for (const box of await form.getByRole('checkbox').all()) await box.check();
    await form.getByRole('button', { name: 'Send the refund request' }).click();
    await expect(form.getByText('SIM/eSIM number is required for USA region')).toBeVisible();
    await expectAccessible(page);
    await form.getByLabel('SIM/eSIM number').fill('8901260123456789012');
    await form.getByRole('button', { name: 'Send the refund request' }).click();
    await expect(page.getByRole('status').filter({ hasText: REFUND_REQUEST_ANSWERS.refunding })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your payment was refunded' })).toBeVisible({
      timeout: 20_000,
    });
  });
});
