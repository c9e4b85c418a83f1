import { CUSTOMER_REFUND_ANSWERS, LICENSE_MESSAGES } from '../../src/domain/licenses';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { signInAsAdmin } from './journeys';
import { payThroughApi } from './unlock-journeys';

test('a buyer finds a license, pays by keyboard, reveals the key, and the email links the order without the key', async ({
  page,
}) => {
  const email = uniqueEmail();
  await page.goto('/digital-licenses');
  await page.getByLabel('Category').selectOption('vpn');
  await page.getByLabel('Search licenses').fill('nord');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('link', { name: 'NordVPN Standard, 1 year' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'NordVPN Standard, 1 year' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to activate it' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Buy NordVPN Standard, 1 year' });
  await form.getByLabel('Email').fill(email);
  const buy = page.getByRole('button', { name: 'Buy now · $59.99' });
  await form.getByLabel('Email').focus();
  for (let step = 0; step < 6 && !(await buy.evaluate((button) => button === document.activeElement)); step++) {
    await page.keyboard.press('Tab');
  }
  await expect(buy).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/pay\/cs_sbx_/);
  // Cancelled first: back on the license's own page, its form as it was, nothing charged.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/digital-licenses\/nordvpn-standard-1-year\?checkout=cancelled$/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toContainText(
    'Nothing was charged. Your details are just as you left them.',
  );
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await buy.click();
  await page.waitForURL(/\/pay\/cs_sbx_/);
  await page.getByRole('button', { name: /^Pay \$59\.99/ }).click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}\?token=/);

  const reveal = page.getByRole('button', { name: 'Reveal NordVPN Standard, 1 year key 1' });
  await expect(reveal).toBeVisible();
  await reveal.focus();
  await page.keyboard.press('Enter');
  // Revealing ends the refund: asked first, the confirmation focused.
  const confirm = page.getByRole('group', { name: LICENSE_MESSAGES.revealConfirm });
  await expect(confirm.getByRole('button', { name: 'Show the key' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  const key = page.getByLabel('NordVPN Standard, 1 year key 1', { exact: true });
  await expect(key).toHaveText(/^SBX-[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
  await expect(page.getByText('A key was revealed: this order can no longer be refunded.')).toBeVisible();
  await expectAccessible(page);

  const shown = await key.innerText();
  await signInAsAdmin(page);
  await expect(async () => {
    const outbox = (await (
      await page.request.get(`/api/admin/mail-outbox?to=${encodeURIComponent(email)}`)
    ).json()) as {
      messages: { subject: string; text: string }[];
    };
    const ready = outbox.messages.find((message) => message.subject.startsWith('Your license key is ready'));
    expect(ready?.text).toContain('/order/');
    expect(JSON.stringify(outbox)).not.toContain(shown);
  }).toPass({ timeout: 10_000 });
});

test('a traveller puts a license and an eSIM in one cart, pays once, and reveals the key from the eSIM receipt', async ({
  page,
}) => {
  const email = uniqueEmail();
  await page.goto('/digital-licenses');
  await page.getByRole('link', { name: 'NordVPN Standard, 1 year' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const cart = page.getByRole('banner').getByRole('button', { name: /^Cart, / });
  await expect(cart).toHaveAccessibleName('Cart, 1 item');
  await expect(page.getByText('1 in your cart')).toBeVisible();

  const packages = page.waitForResponse((response) => response.url().endsWith('/api/esim/packages'));
  await page.goto('/esim-shop');
  await packages;
  await page.getByRole('combobox', { name: 'Where are you going?' }).click();
  await page.getByRole('combobox', { name: 'Search destinations' }).fill('france');
  await page.getByRole('option', { name: 'France' }).click();
  await page
    .getByRole('article', { name: 'France 1 GB · 7 days' })
    .getByRole('button', { name: 'Add to cart' })
    .click();
  await expect(cart).toHaveAccessibleName('Cart, 2 items');

  await cart.click();
  const dialog = page.getByRole('dialog', { name: 'Your cart' });
  const items = dialog.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('listitem')).toHaveCount(2);
  await expect(items).toContainText('NordVPN Standard, 1 year');
  await expect(items).toContainText('License key · $59.99 each');
  await dialog.getByLabel('Email for your order and receipt').fill(email);
  const pay = dialog.getByRole('button', { name: /^Pay \$/ });
  const total = (await pay.innerText()).replace('Pay ', '');
  await pay.click();
  await page.waitForURL(/\/pay\/cs_sbx_/);
  // One payment for both orders.
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await page.waitForURL(/\/esim\/receipt\?order=/);

  const together = page.getByRole('region', { name: 'Paid together with' });
  // The receipt says what was charged and this order's part of it (issue 44).
  await expect(together).toContainText(new RegExp(`One payment of \\${total} covered this order \\(\\$[\\d.]+\\)`));
  await together.getByRole('link', { name: /NordVPN Standard, 1 year/ }).click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}\?token=/);
  await page.getByRole('button', { name: 'Reveal NordVPN Standard, 1 year key 1' }).click();
  await page.getByRole('button', { name: 'Show the key' }).click();
  await expect(page.getByLabel('NordVPN Standard, 1 year key 1', { exact: true })).toHaveText(/^SBX-/);
  await expect(page.getByRole('region', { name: 'Paid together with' }).getByRole('link')).toContainText(
    'France 1 GB · 7 days',
  );

  await signInAsAdmin(page);
  await expect(async () => {
    const outbox = (await (
      await page.request.get(`/api/admin/mail-outbox?to=${encodeURIComponent(email)}`)
    ).json()) as { messages: { subject: string }[] };
    const subjects = outbox.messages.map((message) => message.subject);
    expect(subjects.some((subject) => subject.startsWith('Your license key is ready'))).toBe(true);
    expect(subjects.some((subject) => /eSIM/i.test(subject))).toBe(true);
  }).toPass({ timeout: 10_000 });
});

test('a buyer who has not revealed the key asks for a refund from the order page, by keyboard', async ({ page }) => {
  // Set-up through the API: buying has its own journey.
  const placed = await page.request.post('/api/licenses/checkout', {
    data: { email: uniqueEmail(), items: [{ slug: 'windows-11-pro', quantity: 1 }] },
  });
  expect(placed.ok()).toBe(true);
  const { orderId, token } = await payThroughApi(page.request, ((await placed.json()) as { url: string }).url);
  await page.goto(`/order/${orderId}?token=${token}`);

  const ask = page.getByRole('button', { name: CUSTOMER_REFUND_ANSWERS.button });
  await ask.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('group', { name: CUSTOMER_REFUND_ANSWERS.confirm });
  await expect(confirm.getByRole('button', { name: 'Refund my order' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /refund/i })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('The keys of this order were taken back with its refund.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Reveal / })).toHaveCount(0);
});

test('an out-of-stock license takes an email to tell once it is back', async ({ page }) => {
  // On a phone the price and what to do come before the long text (issue 44).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/digital-licenses');
  const card = page.getByRole('article', { name: 'Acronis True Image Essentials, 1 year' });
  await expect(card.getByText('Out of stock')).toBeVisible();
  await card.getByRole('link').click();
  const form = page.getByRole('form', { name: 'Email me when it is back in stock' });
  await expect(form).toBeInViewport();
  const buyBox = await page.getByRole('complementary', { name: 'Buy' }).boundingBox();
  const details = await page.getByRole('heading', { name: 'What you receive' }).boundingBox();
  expect(buyBox && details && buyBox.y < details.y).toBe(true);
  await form.getByLabel('Email').fill(uniqueEmail());
  await form.getByLabel('Email').press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'We will email you once when it is back in stock.' }),
  ).toBeVisible();
});

test('an admin imports keys with a report of what was refused, and the stock grows', async ({ page }) => {
  await signInAsAdmin(page);
  const stockOf = async () =>
    (
      (await (await page.request.get('/api/licenses/winrar-single-user')).json()) as {
        available: number;
      }
    ).available;
  const before = await stockOf();
  const run = Date.now().toString(36).toUpperCase();
  await page.goto('/admin/licenses');
  await page
    .getByLabel('Or paste the file')
    .fill(
      [
        'product,key',
        `winrar-single-user,E2E-${run}-00001`,
        `winrar-single-user,E2E-${run}-00002`,
        `winrar-single-user,E2E-${run}-00001`,
        `no-such-product,E2E-${run}-00003`,
      ].join('\n'),
    );
  await page.getByRole('button', { name: 'Import keys' }).click();
  const report = page.getByRole('status').filter({ hasText: 'Imported 2 keys; 2 keys refused' });
  await expect(report).toBeVisible();
  await expect(report).toContainText('Line 4: The same key is on line 2.');
  await expect(report).toContainText('Line 5: No license product is called "no-such-product".');
  await expect(page.getByRole('row', { name: /WinRAR, single user/ })).toContainText(String(before + 2));
  expect(await stockOf()).toBe(before + 2);
  await expectAccessible(page);
});
