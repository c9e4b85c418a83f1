import { expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { openPanel, picker } from './unlock-journeys';

/** A sandbox IMEI of an iPhone 8 the sandbox check provider reports locked to AT&T (docs/checks.md). */
const CARRIER_LOCKED = '352992090000839';
const masked = `${CARRIER_LOCKED.slice(0, 8)}***${CARRIER_LOCKED.slice(-4)}`;

test.describe('device checks', () => {
  test('free check, then a paid Apple report by keyboard, its result, and a share link opened signed out', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/apple-check');
    await expect(page.getByRole('heading', { level: 1, name: 'Apple iPhone Check' })).toBeVisible();

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
      new RegExp(`imei=${CARRIER_LOCKED}`),
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

    await page.goto('/imei-check/results');
    await expect(page.getByRole('link', { name: /^Device check / })).toBeVisible();
  });

  test('the unlock offer of a result and an IMEI typed first fill the unlock panel', async ({ page }) => {
    await page.goto(`/?imei=${CARRIER_LOCKED}&brand=Apple&model=iPhone+8#start-unlock`);
    let panel = page.getByRole('region', { name: 'Start Your Unlock' });
    await expect(panel.getByLabel('IMEI', { exact: true })).toHaveValue(CARRIER_LOCKED);
    await expect(picker(panel, 'Brand')).toContainText('Apple');
    await expect(picker(panel, 'Model')).toContainText('iPhone 8');

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
});
