import { SUPPORT_PROMISE } from '../../src/domain/store-config';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { placeEsimThroughApi } from './journeys';
import { payThroughApi } from './unlock-journeys';

const ARTICLES = [
  ['/support/carrier-unlock', 'Carrier unlock help'],
  ['/support/esim-travel', 'Travel eSIM help'],
  ['/support/esim', 'eSIM support'],
  ['/support/after-install', 'After-install checklist'],
] as const;

/** A paid eSIM order placed through the API: its id, as the receipt link carries it. */
async function paidOrderThroughApi(page: Page, email: string): Promise<string> {
  return (await payThroughApi(page.request, await placeEsimThroughApi(page.request, email))).orderId;
}

async function ask(page: Page, question: string) {
  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
}

test.describe('help centre', () => {
  test('/help and /support are the same screen; search finds answers as you type, typos and all', async ({ page }) => {
    await page.goto('/help');
    await expect(page).toHaveTitle('Help Center | OpenLine');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Browse by topic' })).toBeVisible();
    await expect(page.getByRole('link', { name: /How long does an unlock take\?/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Still need help?' })).toBeVisible();
    await expect(page.getByText(SUPPORT_PROMISE).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact support' })).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search the help articles' });
    await search.pressSequentially('qr cod alredy');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link').first()).toContainText('The QR code says it was already used');
    await search.fill('zzzzqqq');
    await expect(page.getByRole('status')).toHaveText(
      'No article matches “zzzzqqq”. Try other words, or ask the assistant.',
    );
    await search.fill('blacklist');
    await results.getByRole('link', { name: /Why does a clean blacklist status matter\?/ }).click();
    await expect(page).toHaveURL(/\/support\/carrier-unlock#why-does-a-clean-blacklist-status-matter$/);
    await expect(page.getByRole('heading', { name: 'Why does a clean blacklist status matter?' })).toBeInViewport();
  });

  test('every article has its own title, description and sections, and links back to the centre', async ({ page }) => {
    for (const [path, title] of ARTICLES) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} | OpenLine`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{60,}/);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(6);
    }
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Help Center' }).click();
    await expect(page).toHaveURL(/\/support$/);
  });

  test('the help pages are prerendered: their text is in the HTML the server sends', async ({ request }) => {
    for (const [path, title] of [...ARTICLES, ['/support', 'Help Center'], ['/help', 'Help Center']] as const) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(`<h1 class="`);
      expect(html, path).toContain(title);
    }
  });

  test('keyboard only: search, open a result, read the article', async ({ page }) => {
    await page.goto('/support');
    const search = page.getByRole('searchbox', { name: 'Search the help articles' });
    await search.focus();
    await page.keyboard.type('roaming');
    // The results follow the typing: a person reads the list for the whole word before moving on
    // (fresh run 28 pressed Tab while it still showed the results for a shorter prefix).
    const first = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
    await expect(first).toContainText('roaming');
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/support\/esim-travel#how-do-i-turn-on-data-roaming-when-i-land$/);
  });
});

test.describe('support assistant', () => {
  test('answers from a help article and cites it', async ({ page }) => {
    await page.goto('/support/assistant');
    await expect(page).toHaveTitle('Support assistant | OpenLine');
    await ask(page, 'How long does an unlock take?');
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect(log).toContainText('From “How long does an unlock take?” (Carrier unlock help):');
    await expect(log).toContainText('Every quote shows two times');
    const source = log.getByRole('link', { name: /How long does an unlock take\? · Carrier unlock help/ });
    await expect(source).toHaveAttribute('href', '/support/carrier-unlock#how-long-does-an-unlock-take');
    await page.screenshot({ path: '/tmp/h8-assistant-answer.png', fullPage: true });

    await ask(page, 'recommend a good pizza place');
    await expect(log).toContainText("I don't know the answer to that from our help articles.");
    await source.click();
    await expect(page).toHaveURL(/\/support\/carrier-unlock#how-long-does-an-unlock-take$/);
  });

  test('looks up an order’s state from its id and email, keyboard only', async ({ page }) => {
    await page.goto('/support/assistant');
    const email = uniqueEmail();
    const orderId = await paidOrderThroughApi(page, email);
    const shortId = orderId.slice(0, 8);
    const question = page.getByRole('textbox', { name: 'Your question' });
    await question.focus();
    await page.keyboard.type('Where is my order?');
    await page.keyboard.press('Enter');
    const log = page.getByRole('log', { name: 'Conversation' });
    await expect(log).toContainText('To look up an order, send its order ID');
    await expect(question).toBeFocused();
    await page.keyboard.type(`${shortId} ${email.toUpperCase()}`);
    await page.keyboard.press('Enter');
    await expect(log).toContainText(`Order #${shortId}:`);
    await expect(log.getByText(/^Order #[0-9a-f]{8}: (Paid|Delivered|Sent)/)).toBeVisible();

    await page.keyboard.type(`${shortId} someone-else@example.com`);
    await page.keyboard.press('Enter');
    await expect(log).toContainText('I could not find an order with that ID and email.');
    await page.screenshot({ path: '/tmp/h8-assistant-order.png', fullPage: true });
  });
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { name: 'desktop', size: { width: 1280, height: 800 } },
    { name: 'phone', size: { width: 390, height: 844 } },
  ] as const) {
    test.describe(`help pages, ${theme} theme, ${viewport.name}`, () => {
      test.use({ viewport: viewport.size });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      });

      test('are accessible and fit the screen', async ({ page }) => {
        test.slow();
        const fits = async () =>
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            viewport.size.width,
          );
        await page.goto('/support');
        await page.getByRole('searchbox', { name: 'Search the help articles' }).fill('no data');
        await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
        await expectAccessible(page);
        await fits();
        await page.screenshot({ path: `/tmp/h8-support-${theme}-${viewport.name}.png`, fullPage: true });

        await page.goto('/support/after-install');
        await expectAccessible(page);
        await fits();
        await page.screenshot({ path: `/tmp/h8-article-${theme}-${viewport.name}.png`, fullPage: true });

        await page.goto('/support/assistant');
        await ask(page, 'QR code already used');
        await expect(page.getByRole('log').getByRole('link', { name: /already used/ })).toBeVisible();
        await expectAccessible(page);
        await fits();
        await page.screenshot({ path: `/tmp/h8-assistant-${theme}-${viewport.name}.png`, fullPage: true });
      });
    });
  }
}
