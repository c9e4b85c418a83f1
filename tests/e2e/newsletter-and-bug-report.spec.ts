import type { Page } from '@playwright/test';
import { BUG_REPORT_LIMITS } from '../../src/domain/bug-report';
import { NEWSLETTER_MESSAGES, NEWSLETTER_SUCCESS_TOAST_MS } from '../../src/domain/newsletter-texts';
import { expect, expectSettledAccessible, test, uniqueEmail } from './fixtures';
import { signInAsAdmin, waitForSession } from './journeys';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MB = 1024 * 1024;

/** A file the browser says is an image/png: a real PNG signature, then filler up to `size`. */
function png(name: string, size = 2048) {
  const buffer = Buffer.alloc(size, 7);
  Buffer.from(PNG_SIGNATURE).copy(buffer);
  return { name, mimeType: 'image/png', buffer };
}

/** The footer's newsletter field: what is typed and pressed before its code comes is kept (ADR 029). */
function newsletterField(page: Page) {
  return page.getByRole('contentinfo').getByLabel('Email address for the newsletter');
}

test.describe('newsletter signup in the footer', () => {
  test.describe.configure({ timeout: 90_000 });
  test('checks the address locally, subscribes and locks, and tells a returning subscriber', async ({ page }) => {
    // The success toast's 5 seconds are a timer: the test moves the clock instead of waiting.
    await page.clock.install();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const field = newsletterField(page);
    const subscribe = footer.getByRole('button', { name: 'Subscribe' });

    await field.fill('not-an-address');
    await subscribe.click();
    await expect(page.getByText('Invalid Email')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const email = uniqueEmail();
    await field.fill(email.toUpperCase());
    await subscribe.click();
    await expect(page.getByText('Subscribed!')).toBeVisible();
    await expect(page.getByText(NEWSLETTER_MESSAGES.subscribed)).toBeVisible();
    await expect(field).toBeDisabled();
    await expect(footer.getByRole('button', { name: 'Subscribed' })).toBeDisabled();
    // The success toast stays 5 seconds, then goes.
    await page.clock.fastForward(NEWSLETTER_SUCCESS_TOAST_MS);
    await expect(page.getByText('Subscribed!')).toBeHidden();

    // Same address again, on another page: a notice, and the form stays open.
    await page.goto('/esim-shop');
    await newsletterField(page).fill(email);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText(NEWSLETTER_MESSAGES.alreadySubscribed);
    await expect(newsletterField(page)).toBeEnabled();
  });

  test('unsubscribes from the welcome email’s link, and a new subscription is a resubscription', async ({ page }) => {
    // Set-up through the API, as the footer's form subscribes.
    const email = uniqueEmail();
    const subscribed = await page.request.post('/api/newsletter/subscribe', { data: { email } });
    expect(subscribed.ok()).toBe(true);

    // The welcome email's link unsubscribes and the page confirms it.
    await signInAsAdmin(page);
    const outbox = await (await page.request.get(`/api/admin/mail-outbox?to=${encodeURIComponent(email)}`)).json();
    const text = (outbox.messages as { text: string }[])[0]?.text ?? '';
    const link = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByText(NEWSLETTER_MESSAGES.unsubscribed)).toBeVisible();
    await expect(page).toHaveTitle(/Unsubscribe/);
    await expectSettledAccessible(page);

    // Subscribing again is a resubscription, shown as a notice.
    await newsletterField(page).fill(email);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText(NEWSLETTER_MESSAGES.resubscribed);
  });

  test('shows the server’s message when subscribing fails', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 503/);
    await page.route('**/api/newsletter/subscribe', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The service is temporarily unavailable.' } }),
      }),
    );
    await page.goto('/');
    await newsletterField(page).fill(uniqueEmail());
    await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Subscription Failed')).toBeVisible();
    await expect(page.getByText('The service is temporarily unavailable.')).toBeVisible();
    await expect(newsletterField(page)).toBeEnabled();
  });

  test('an unsubscribe link without a valid token says so', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    await page.goto(`/newsletter/unsubscribe?token=${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'We could not unsubscribe you' })).toBeVisible();
    await expect(page.getByText(NEWSLETTER_MESSAGES.unknownLink)).toBeVisible();
  });
});

test.describe('bug report', () => {
  test.describe.configure({ timeout: 90_000 });
  test('checks the form and the files, sends the report with screenshots, shows thanks, then resets and closes after 2 seconds', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/esim-shop');
    await page.getByRole('button', { name: 'Report Bug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a Bug' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByText('Missing information')).toBeVisible();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();

    const email = uniqueEmail();
    const title = `Checkout button spins forever ${Date.now()}`;
    await dialog.getByLabel('Email *').fill(email);
    await dialog.getByLabel('Title *').fill(title);
    await dialog.getByLabel('Description *').fill('Pressed Pay twice.');
    await expect(dialog.getByText('18/2000')).toBeVisible();
    await dialog.getByLabel('Priority').selectOption('high');

    const files = dialog.getByLabel('Screenshot files');
    await files.setInputFiles([1, 2, 3, 4].map((n) => png(`${n}.png`)));
    await expect(page.getByText('Too many files')).toBeVisible();
    await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Invalid file type')).toBeVisible();
    await files.setInputFiles(png('huge.png', 6 * MB));
    await expect(page.getByText('File too large')).toBeVisible();
    await files.setInputFiles([png('checkout.png'), png('cart.png'), png('receipt.png')]);
    await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Add screenshots' }).click();
    await expect(page.getByText('Maximum reached')).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove cart.png' }).click();
    await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(2);

    // The thanks stay 2 seconds: the clock is paused and moved, no timing is measured.
    await page.clock.pauseAt(Date.now() + 1000);
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await page.clock.fastForward(BUG_REPORT_LIMITS.resetDelayMs - 100);
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await page.clock.resume();
    await page.clock.fastForward(200);
    await expect(page.getByRole('dialog')).toBeHidden();

    // Reset: the next report starts empty.
    await page.getByRole('button', { name: 'Report Bug' }).click();
    await expect(dialog.getByLabel('Title *')).toHaveValue('');
    await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
    await page.keyboard.press('Escape');

    // The team sees it, with the page, the browser and the two screenshots.
    await signInAsAdmin(page);
    const { reports } = await (await page.request.get('/api/admin/bug-reports')).json();
    const report = (
      reports as {
        title: string;
        page_url: string;
        priority: string;
        email: string;
        browser_info: Record<string, string>;
        screenshots: { name: string; url: string }[];
      }[]
    ).find((r) => r.title === title);
    expect(report).toMatchObject({ email, priority: 'high' });
    expect(report?.page_url).toMatch(/\/esim-shop$/);
    expect(report?.browser_info.viewport).toMatch(/^\d+x\d+$/);
    expect(report?.screenshots.map((shot) => shot.name)).toEqual(['checkout.png', 'receipt.png']);
    const image = await page.request.get(report!.screenshots[0]!.url);
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('shows the server’s message when the report is refused', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto('/');
    await page.getByRole('button', { name: 'Report Bug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a Bug' });
    await dialog.getByLabel('Email *').fill('not-an-address');
    await dialog.getByLabel('Title *').fill('Something broke');
    await dialog.getByLabel('Description *').fill('It broke.');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByText('Submission failed')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('works by keyboard alone and gives the focus back to the button', async ({ page }) => {
    await page.goto('/');
    await waitForSession(page);
    const button = page.getByRole('button', { name: 'Report Bug' });
    // In the footer's flow, not floating over the page: it covers nothing it would pass over (issue 44).
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Report Bug' })).toBeVisible();
    expect(await button.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report a Bug' });
    await expect(dialog.getByLabel('Email *')).toBeFocused();
    await page.keyboard.type(uniqueEmail());
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard only report');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Typed without a mouse.');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Priority')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByLabel('Priority')).toHaveValue('high');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Submit Report' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5000 });
    await expect(button).toBeFocused();
  });
});

test.describe('newsletter by keyboard', () => {
  test('subscribes with Enter in the field', async ({ page }) => {
    await page.goto('/');
    await newsletterField(page).focus();
    await page.keyboard.type(uniqueEmail());
    await page.keyboard.press('Enter');
    await expect(page.getByText('Subscribed!')).toBeVisible();
  });
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { name: 'desktop', size: { width: 1280, height: 800 } },
    { name: 'phone', size: { width: 390, height: 844 } },
  ]) {
    test.describe(`newsletter and bug report, ${theme} theme, ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });
      test.describe.configure({ timeout: 120_000 });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      });

      test('are accessible: the footer with a notice, the dialog with screenshots, the success screen', async ({
        page,
      }) => {
        await page.goto('/');
        await waitForSession(page);
        const email = uniqueEmail();
        await page.request.post('/api/newsletter/subscribe', { data: { email } });
        await newsletterField(page).fill(email);
        await page.getByRole('contentinfo').getByRole('button', { name: 'Subscribe' }).click();
        await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText(
          NEWSLETTER_MESSAGES.alreadySubscribed,
        );
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        await expectSettledAccessible(page);
        await page.screenshot({ path: `test-results/h7-footer-${theme}-${viewport.name}.png` });

        await page.getByRole('button', { name: 'Report Bug' }).click();
        const dialog = page.getByRole('dialog', { name: 'Report a Bug' });
        await dialog.getByLabel('Email *').fill(uniqueEmail());
        await dialog.getByLabel('Title *').fill('Looks wrong');
        await dialog.getByLabel('Description *').fill('The footer overlaps.');
        await dialog.getByLabel('Screenshot files').setInputFiles([png('one.png'), png('two.png')]);
        await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(2);
        await expectSettledAccessible(page);
        await page.screenshot({ path: `test-results/h7-dialog-${theme}-${viewport.name}.png` });
        await dialog.getByRole('button', { name: 'Submit Report' }).click();
        await expect(page.getByRole('dialog').getByRole('heading', { name: 'Thank you!' })).toBeVisible();
        await page.screenshot({ path: `test-results/h7-thanks-${theme}-${viewport.name}.png` });
        await expectSettledAccessible(page);
      });
    });
  }
}
