import type { Locator, Page } from '@playwright/test';
import { SERVICE_REQUEST_RECEIVED } from '../../src/domain/service-request';
import { PRICE_UNAVAILABLE_MESSAGE } from '../../src/domain/unlock-panel';
import { expect, expectSettledAccessible, test, uniqueEmail } from './fixtures';
import { makeAdmin, signUpThroughApi, waitForSession } from './journeys';
import {
  MASKED_IMEI,
  PHONE,
  VALID_IMEI,
  closePicker,
  expectPrice,
  fillSupportedDevice,
  fillSupportedOrder,
  openPanel,
  optionList,
  pick,
  picker,
  searchBox,
} from './unlock-journeys';

const BAD_CHECKSUM_IMEI = '356938035643808';

async function fillUnsupportedDevice(page: Page, panel: Locator): Promise<void> {
  await pick(page, panel, 'Country', 'Mexico');
  await pick(page, panel, 'Carrier', 'Telcel');
  await closePicker(page, panel, 'Carrier');
  await pick(page, panel, 'Brand', 'Sony');
  await panel.getByLabel('IMEI', { exact: true }).fill(VALID_IMEI);
  await expect(panel.getByRole('heading', { name: 'Service Not Currently Available' })).toBeVisible();
}

test.describe('unlock panel', () => {
  test('the home page asks for each of the pickers’ lists once, as its code starts, and the pickers show them', async ({
    page,
  }) => {
    const lists: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/catalog\/(countries|carriers|region-countries|brands)$/.test(path)) lists.push(path);
    });
    const panel = await openPanel(page);
    await pick(page, panel, 'Country', 'United States');
    await pick(page, panel, 'Carrier', 'AT&T');
    await closePicker(page, panel, 'Carrier');
    await pick(page, panel, 'Brand', 'Apple');
    // The panel's queries took the answers asked for ahead of them instead of asking again.
    expect(lists.toSorted()).toEqual([
      '/api/catalog/brands',
      '/api/catalog/carriers',
      '/api/catalog/countries',
      '/api/catalog/region-countries',
    ]);
  });

  test('a shopper picks the device, enters the IMEI and email, and sees a live price', async ({ page }) => {
    const panel = await openPanel(page);
    await expect(panel.getByRole('heading', { name: 'Start Your Unlock', level: 2 })).toBeVisible();
    await expect(panel.getByText('4.6/5')).toBeVisible();
    const claims = panel.getByRole('list').filter({ hasText: 'Secure payment' }).getByRole('listitem');
    await expect(claims).toHaveText(['Guaranteed delivery time', 'Secure payment', 'Instant confirmation']);
    await expect(panel.getByText('Fill all fields')).toBeVisible();
    // The model field only shows for Apple and Samsung.
    await expect(picker(panel, 'Model')).toHaveCount(0);

    await pick(page, panel, 'Country', 'United States');
    await pick(page, panel, 'Carrier', 'AT&T');
    await searchBox(page, 'Carrier').fill('T-Mobile');
    await page.getByRole('option', { name: 'T-Mobile', exact: true }).click();
    await closePicker(page, panel, 'Carrier');
    await expect(picker(panel, 'Carrier')).toHaveText('2 carriers selected');
    await picker(panel, 'Carrier').click();
    await page.getByRole('option', { name: 'T-Mobile', exact: true }).click();
    await closePicker(page, panel, 'Carrier');
    await expect(picker(panel, 'Carrier')).toHaveText('AT&T');

    await pick(page, panel, 'Brand', 'Apple');
    await pick(page, panel, 'Model', 'iPhone 15');
    await expect(panel.getByText('Fill all fields')).toBeVisible();

    await panel.getByLabel('IMEI', { exact: true }).fill(VALID_IMEI);
    await expect(panel.getByText(/^(Calculating|Getting Quote)\.\.\.$/)).toBeVisible();
    await expectPrice(panel);
    await expect(panel.getByRole('status').filter({ hasText: 'Your price: $49.99' })).toHaveCount(1);
    // The panel's delivery claim is this quote's guarantee, the one its refund follows (issue 44).
    await expect(claims.first()).toHaveText('Guaranteed within 3 days');

    await expect(panel.getByText('This service requires your device to have a clean blacklist status.')).toBeVisible();
    await expect(panel.getByRole('link', { name: /Check your IMEI/ })).toHaveAttribute('href', '/imei-check');
    await expect(panel.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms');
    await expect(panel.getByRole('link', { name: /Refund policy/ })).toHaveAttribute('href', '/refund-policy');

    await panel.getByLabel('Email').fill('jane@example.com');
    await panel.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
    await expect(panel.getByRole('button', { name: 'Unlock Now' })).toBeEnabled();

    // An incomplete IMEI clears the quote.
    await panel.getByLabel('IMEI', { exact: true }).fill('35693803');
    await expect(panel.getByText('Fill all fields')).toBeVisible();
    await expect(claims.first()).toHaveText('Guaranteed delivery time');
  });

  test('the pickers search, group, accept typed brands and models, and close on an outside scroll', async ({
    page,
  }) => {
    const panel = await openPanel(page);

    await picker(panel, 'Country').click();
    const countries = optionList(page, 'Country');
    await expect(countries.getByRole('group').first()).toHaveAccessibleName('North America');
    const search = searchBox(page, 'Country');
    for (const pseudo of ['Global', 'Worldwide', 'All Countries', 'Latin America', 'Europe Region']) {
      await search.fill(pseudo);
      await expect(page.getByText('No countries found.')).toBeVisible();
    }
    await search.fill('united states');
    await page.getByRole('option', { name: 'United States', exact: true }).click();
    await expect(picker(panel, 'Country')).toHaveText('United States');

    await picker(panel, 'Carrier').click();
    await expect(page.getByRole('option', { name: /North America \(All Networks\)\s*\d+ countries/ })).toBeVisible();
    await searchBox(page, 'Carrier').fill('Telcel');
    await expect(page.getByText('No carriers found.')).toBeVisible();
    await searchBox(page, 'Carrier').fill('north america');
    await page.getByRole('option', { name: /North America \(All Networks\)/ }).click();
    await closePicker(page, panel, 'Carrier');
    await expect(picker(panel, 'Carrier')).toHaveText(/^North America \(All Networks\) · \d+ countries$/);

    await picker(panel, 'Brand').click();
    await searchBox(page, 'Brand').fill('Fairphonix');
    await expect(page.getByText('No brand found. Press Enter to use your input.')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(picker(panel, 'Brand')).toHaveText('Fairphonix');
    await expect(picker(panel, 'Model')).toHaveCount(0);

    await pick(page, panel, 'Brand', 'Samsung');
    await picker(panel, 'Model').click();
    await expect(optionList(page, 'Model').getByRole('group').first()).toHaveAccessibleName('Galaxy S');
    await searchBox(page, 'Model').fill('Galaxy Prototype 9');
    await expect(page.getByText('No model found. Press Enter to use your input.')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(picker(panel, 'Model')).toHaveText('Galaxy Prototype 9');

    // Changing the brand clears the model.
    await pick(page, panel, 'Brand', 'Apple');
    await expect(picker(panel, 'Model')).toHaveText('Select model');

    // A different country keeps only the carriers it offers.
    await pick(page, panel, 'Country', 'France');
    await expect(picker(panel, 'Carrier')).toHaveText('Select carrier');

    await page.setViewportSize(PHONE);
    await picker(panel, 'Country').scrollIntoViewIfNeeded();
    await picker(panel, 'Country').click();
    await expect(searchBox(page, 'Country')).toBeVisible();
    await expect(async () => {
      await page.mouse.move(5, 300);
      await page.mouse.wheel(0, 250);
      await expect(picker(panel, 'Country')).toHaveAttribute('aria-expanded', 'false', { timeout: 500 });
    }).toPass();
  });

  test('the pickers find the names people type: ATT, T Mobile, America, and an alias an admin adds', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await signUpThroughApi(page, email);
    await makeAdmin(page.request, email);
    // A name no seed knows, taught by an admin: it reaches the picker at once.
    const taught = `Ma Bell ${Date.now()}`;
    const added = await page.request.post('/api/admin/aliases', {
      data: { type: 'carrier', alias: taught, target: 'att-us', country_code: 'US' },
    });
    expect(added.status()).toBe(201);
    const panel = await openPanel(page);

    await picker(panel, 'Country').click();
    await searchBox(page, 'Country').fill('America');
    await expect(optionList(page, 'Country').getByRole('option').first()).toHaveAccessibleName('United States');
    await page.keyboard.press('Enter');
    await expect(picker(panel, 'Country')).toHaveText('United States');

    await picker(panel, 'Carrier').click();
    const first = optionList(page, 'Carrier').getByRole('option').first();
    const typedNames: [string, string][] = [
      ['ATT', 'AT&T'],
      ['AT and T', 'AT&T'],
      ['tmobile', 'T-Mobile'],
      ['T Mobile', 'T-Mobile'],
      [taught, 'AT&T'],
    ];
    for (const [typed, carrier] of typedNames) {
      await searchBox(page, 'Carrier').fill(typed);
      await expect(first, typed).toHaveAccessibleName(new RegExp(`^${carrier}`));
    }
    await page.keyboard.press('Enter');
    await expect(picker(panel, 'Carrier')).toHaveAttribute('aria-expanded', 'false');
    await expect(picker(panel, 'Carrier')).toHaveText('AT&T');
  });

  test('the IMEI field cleans what is typed and pasted and shows its counter and checksum', async ({ page }) => {
    const panel = await openPanel(page);
    const imei = panel.getByLabel('IMEI', { exact: true });

    await expect(panel.getByText('0/15')).toBeVisible();
    await imei.fill('35-693803 5643.809');
    await expect(imei).toHaveValue(VALID_IMEI);
    await expect(panel.getByText('15/15')).toBeVisible();
    await expect(panel.getByText('Valid', { exact: true })).toBeVisible();

    await imei.fill(BAD_CHECKSUM_IMEI);
    await expect(panel.getByText('Invalid', { exact: true })).toBeVisible();

    await imei.fill('3569380356438091234');
    await expect(imei).toHaveValue(VALID_IMEI);

    await imei.fill('');
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', ' 35 6938-0356_4380.9 ');
      document
        .getElementById('unlock-imei')
        ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(imei).toHaveValue(VALID_IMEI);

    await imei.fill('ab12cd34ef56gh78ij');
    await expect(imei).toHaveValue('AB12CD34EF56GH78IJ');
    await expect(panel.getByText('18/15')).toBeVisible();
    await expect(panel.getByText('Too long', { exact: true })).toBeVisible();

    await panel.getByRole('button', { name: /^Help/ }).click();
    const help = page.getByRole('dialog', { name: 'How to find your IMEI' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('*#06#');
    await expect(help).toContainText('Settings > General > About');
    await expect(help).toContainText('Settings > About phone');
    await expect(help).toContainText('SIM tray');
    await help.getByRole('button', { name: 'Got it' }).click();
    await expect(help).toBeHidden();
  });

  test('Unlock Now shows each field’s message and focuses the first field to fix', async ({ page }) => {
    const panel = await openPanel(page);
    const unlockNow = panel.getByRole('button', { name: 'Unlock Now' });

    await unlockNow.click();
    for (const message of [
      'Please select your country',
      'Please select your current carrier',
      'Please select a brand',
      'IMEI must be 15 digits',
      'Please enter a valid email address',
      'You must agree to the terms',
    ]) {
      await expect(panel.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    await expect(picker(panel, 'Country')).toBeFocused();

    await pick(page, panel, 'Country', 'United States');
    await expect(panel.getByText('Please select your country')).toHaveCount(0);
    await pick(page, panel, 'Carrier', 'AT&T');
    await closePicker(page, panel, 'Carrier');
    await pick(page, panel, 'Brand', 'Apple');
    await unlockNow.click();
    await expect(panel.getByRole('alert').filter({ hasText: 'Please select a model' })).toBeVisible();
    await expect(picker(panel, 'Model')).toBeFocused();

    await pick(page, panel, 'Model', 'iPhone 15');
    const imei = panel.getByLabel('IMEI', { exact: true });
    await imei.fill(BAD_CHECKSUM_IMEI);
    await unlockNow.click();
    await expect(panel.getByRole('alert').filter({ hasText: 'Invalid IMEI number' })).toBeVisible();
    await expect(imei).toBeFocused();
    await imei.fill('F2LXK1ABCDEF');
    await expect(panel.getByRole('alert').filter({ hasText: 'IMEI must contain only numbers' })).toBeVisible();
    await imei.fill(VALID_IMEI);
    await expect(panel.getByRole('alert').filter({ hasText: /IMEI/ })).toHaveCount(0);

    // The email's badge and error wait until the field has been left once.
    const email = panel.getByLabel('Email');
    await email.fill('');
    await unlockNow.click();
    await expect(email).toBeFocused();
    await email.fill('jane@');
    await email.blur();
    await expect(panel.getByText('Invalid', { exact: true })).toBeVisible();
    await expect(panel.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
    await email.fill('jane@example.com');
    await expect(panel.getByText('Valid', { exact: true }).last()).toBeVisible();
    await expect(panel.getByText('Please enter a valid email address')).toHaveCount(0);
    await expect(panel.getByRole('alert').filter({ hasText: 'You must agree to the terms' })).toBeVisible();
  });

  test('the email badge appears only after the field is left', async ({ page }) => {
    const panel = await openPanel(page);
    const email = panel.getByLabel('Email');
    await email.fill('jane@');
    await expect(panel.getByText('Invalid', { exact: true })).toHaveCount(0);
    await expect(panel.getByText('Please enter a valid email address')).toHaveCount(0);
    await email.blur();
    await expect(panel.getByText('Invalid', { exact: true })).toBeVisible();
    await email.fill('jane@example.com');
    await expect(panel.getByText('Valid', { exact: true })).toBeVisible();
  });

  test('Unlock Now opens the checkout with the order, the masked IMEI, the delivery promise and the price', async ({
    page,
  }) => {
    const panel = await openPanel(page);
    await fillSupportedOrder(page, panel);
    await panel.getByRole('button', { name: 'Unlock Now' }).click();

    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout).toBeVisible();
    for (const detail of [
      'Apple iPhone 15',
      'AT&T',
      'United States',
      MASKED_IMEI,
      /Usually \d+ hours?, guaranteed within/,
    ]) {
      await expect(checkout).toContainText(detail);
    }
    await expect(checkout).not.toContainText(VALID_IMEI);
    await expect(checkout.getByLabel('Email for updates and your unlock')).toHaveValue('jane@example.com');
    await expect(checkout.getByRole('button', { name: 'Pay $49.99' })).toBeEnabled();
    await expect(checkout).not.toContainText(/being connected|coming soon/i);

    await page.keyboard.press('Escape');
    await expect(checkout).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Unlock Now' })).toBeFocused();
  });

  test('Unlock Now after a failed quote asks for the price again and says so when it fails again', async ({
    page,
    consoleGuard,
  }) => {
    // The browser reports each refused quote call on the console.
    consoleGuard.allow(/status of 503/);
    let quoteCalls = 0;
    await page.route('**/api/quotes', async (route) => {
      quoteCalls += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The store is busy. Try again shortly.' } }),
      });
    });
    const panel = await openPanel(page);
    await fillSupportedDevice(page, panel);
    await panel.getByLabel('Email').fill('jane@example.com');
    await panel.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
    await expect(panel.getByText('Failed to get quote', { exact: true })).toBeVisible();
    expect(quoteCalls).toBe(1);

    const unlockNow = panel.getByRole('button', { name: 'Unlock Now' });
    await unlockNow.click();
    const alert = panel.getByRole('alert').filter({ hasText: PRICE_UNAVAILABLE_MESSAGE });
    await expect(alert).toBeVisible();
    expect(quoteCalls).toBe(2);
    await expect(page.getByRole('dialog', { name: 'Checkout' })).toHaveCount(0);
    await expectSettledAccessible(page);

    // The store answers again: the same button fetches the price and opens the checkout.
    await page.unroute('**/api/quotes');
    await unlockNow.click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout).toBeVisible();
    await expect(checkout).toContainText('$49.99');
    await expect(alert).toHaveCount(0);
  });

  test('an unsupported device gets the Request Service card and a confirmed service request', async ({ page }) => {
    const panel = await openPanel(page);
    await fillUnsupportedDevice(page, panel);

    await expect(
      panel.getByText('Our team will review your request and get back to you within 24 hours', { exact: true }),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Not Available' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Unlock Now' })).toHaveCount(0);

    await panel.getByRole('button', { name: 'Request Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request this unlock' });
    await expect(dialog).toContainText('Sony');
    await expect(dialog).toContainText('Telcel');
    await expect(dialog).toContainText('Mexico');
    await expect(dialog).toContainText(MASKED_IMEI);

    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
    await dialog.getByLabel('Email').fill('sam@example.com');
    await dialog.getByLabel('Notes (optional)').fill('Bought in Guadalajara.');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByText(SERVICE_REQUEST_RECEIVED)).toBeVisible();
    await expect(page.getByText('Service request sent')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a customer sees no Admin Debug Panel and finds the email filled in', async ({ page }) => {
    const email = uniqueEmail();
    await signUpThroughApi(page, email);
    const panel = await openPanel(page);
    await waitForSession(page);
    await expect(panel.getByLabel('Email')).toHaveValue(email);
    await fillSupportedDevice(page, panel);
    await expectPrice(panel);
    await expect(page.getByText('Admin Debug Panel')).toHaveCount(0);
  });

  test('an admin sees the SKU’s one tool within the margin, then steps through a rule-priced device’s fallbacks, in the Admin Debug Panel', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await signUpThroughApi(page, email);
    await makeAdmin(page.request, email);
    const panel = await openPanel(page);
    await waitForSession(page);
    await fillSupportedDevice(page, panel);
    await expectPrice(panel);

    await panel.getByRole('button', { name: 'Admin Debug Panel' }).click();
    await expect(panel.getByText('SKU match')).toBeVisible();
    await expect(panel.getByText('UNL-ATT-US-APPLE-13-17', { exact: true })).toBeVisible();
    await expect(panel.getByText('13–17')).toBeVisible();
    // At $49.99 only AT&T's iPhone 13-17 service keeps the minimum margin: no fallback at a loss (ADR 103).
    await expect(panel.getByText('Tool 1 of 1', { exact: true })).toBeVisible();
    await expect(panel.getByText('Primary', { exact: true })).toBeVisible();
    await expect(panel.getByText(/^Profit: \$20\.99 \(42\.0%\)$/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Next tool' })).toBeDisabled();

    // An iPhone 15 on EE: priced by the rule on EE's express service, its standard one behind it.
    await pick(page, panel, 'Country', 'United Kingdom');
    await pick(page, panel, 'Carrier', 'EE');
    await closePicker(page, panel, 'Carrier');
    await expect(panel.getByText('$46.99', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Admin Debug Panel' }).click();
    await expect(panel.getByText('Tool 1 of 2', { exact: true })).toBeVisible();
    const firstTool = await panel.getByText(/^Profit:/).textContent();
    await panel.getByRole('button', { name: 'Next tool' }).click();
    await expect(panel.getByText('Tool 2 of 2', { exact: true })).toBeVisible();
    await expect(panel.getByText('Alternative', { exact: true })).toBeVisible();
    await expect(panel.getByText(/^Profit:/)).not.toHaveText(firstTool ?? '');
    await panel.getByRole('button', { name: 'Previous tool' }).click();
    await expect(panel.getByText('Tool 1 of 2', { exact: true })).toBeVisible();
    await expect(panel.getByText(/^Chose .+ because it scored best/)).toBeVisible();
  });

  test('the whole journey works by keyboard', async ({ page }) => {
    const panel = await openPanel(page);
    // Typed at a person's pace: each picker's search box takes the focus as its list opens.
    const type = (text: string) => page.keyboard.type(text, { delay: 20 });
    const press = (key: string) => page.keyboard.press(key);

    await picker(panel, 'Country').focus();
    await press('Enter');
    await expect(searchBox(page, 'Country')).toBeFocused();
    await type('United States');
    await press('Enter');
    await expect(picker(panel, 'Country')).toHaveText('United States');
    await expect(picker(panel, 'Country')).toBeFocused();

    await press('Tab');
    await expect(picker(panel, 'Carrier')).toBeFocused();
    await press('ArrowDown');
    await expect(searchBox(page, 'Carrier')).toBeFocused();
    await type('AT&T');
    // Enter chooses the carrier and closes the list, as in the other pickers (issue 44).
    await press('Enter');
    await expect(picker(panel, 'Carrier')).toHaveAttribute('aria-expanded', 'false');
    await expect(picker(panel, 'Carrier')).toBeFocused();
    await expect(picker(panel, 'Carrier')).toHaveText('AT&T');

    // Typing on a closed picker opens it with that search, as a native select would.
    await press('Tab');
    await press('A');
    await expect(searchBox(page, 'Brand')).toBeFocused();
    await expect(searchBox(page, 'Brand')).toHaveValue('A');
    await type('pple');
    await press('Enter');
    await expect(picker(panel, 'Brand')).toHaveText('Apple');

    await press('Tab');
    await expect(picker(panel, 'Model')).toBeFocused();
    await press('Enter');
    await expect(searchBox(page, 'Model')).toBeFocused();
    await expect(page.getByRole('option', { name: 'iPhone 15', exact: true })).toBeVisible();
    await type('iPhone 15');
    await press('Enter');
    await expect(picker(panel, 'Model')).toHaveText('iPhone 15');

    await press('Tab');
    await expect(panel.getByRole('button', { name: /^Help/ })).toBeFocused();
    await press('Tab');
    await type(VALID_IMEI);
    await press('Tab');
    await type('keys@example.com');
    await press('Tab');
    await expect(panel.getByRole('checkbox')).toBeFocused();
    await press('Space');
    await expect(panel.getByRole('checkbox')).toBeChecked();
    await expectPrice(panel);

    const unlockNow = panel.getByRole('button', { name: 'Unlock Now' });
    for (let step = 0; step < 5 && !(await unlockNow.evaluate((button) => button === document.activeElement)); step++) {
      await press('Tab');
    }
    await expect(unlockNow).toBeFocused();
    await press('Enter');
    await expect(page.getByRole('dialog', { name: 'Checkout' })).toBeVisible();
    await press('Escape');
    await expect(unlockNow).toBeFocused();
  });
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { name: 'desktop', size: { width: 1280, height: 800 } },
    { name: 'phone', size: PHONE },
  ]) {
    test.describe(`unlock panel accessibility, ${theme} theme, ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      });

      test('with a picker open and with the IMEI help open', async ({ page }) => {
        const panel = await openPanel(page);
        await waitForSession(page);
        await picker(panel, 'Country').click();
        await expect(optionList(page, 'Country')).toBeVisible();
        await expectSettledAccessible(page);
        await page.keyboard.press('Escape');

        await panel.getByRole('button', { name: /^Help/ }).click();
        await expect(page.getByRole('dialog', { name: 'How to find your IMEI' })).toBeVisible();
        await expectSettledAccessible(page);
      });

      test('filled, and with the checkout open', async ({ page }) => {
        const panel = await openPanel(page);
        await waitForSession(page);
        await fillSupportedOrder(page, panel);
        await expectSettledAccessible(page);

        await panel.getByRole('button', { name: 'Unlock Now' }).click();
        await expect(page.getByRole('dialog', { name: 'Checkout' })).toBeVisible();
        await expectSettledAccessible(page);
      });

      test('with form errors, the unsupported card and the service request dialog', async ({ page }) => {
        // Each state is audited where it shows (the whole home page has its own audit): three
        // whole-page audits of the long home page outlasted the test's time on a loaded CI machine.
        const panel = await openPanel(page);
        await waitForSession(page);
        await panel.getByRole('button', { name: 'Unlock Now' }).click();
        await expect(panel.getByRole('alert').first()).toBeVisible();
        await expectSettledAccessible(page, '#start-unlock');

        await fillUnsupportedDevice(page, panel);
        await expectSettledAccessible(page, '#start-unlock');
        await panel.getByRole('button', { name: 'Request Service' }).click();
        await expect(page.getByRole('dialog', { name: 'Request this unlock' })).toBeVisible();
        await expectSettledAccessible(page, '[role="dialog"]');
      });
    });
  }
}
