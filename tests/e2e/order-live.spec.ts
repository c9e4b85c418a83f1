import type { APIRequestContext, Page } from '@playwright/test';
import { SHARE_LINK_NOT_FOUND_MESSAGE } from '../../src/domain/order-tracking';
import { SANDBOX_APPLE_RESULT, sandboxImei } from '../../src/server/integrations/suppliers/sandbox-outcomes';
import { NOT_FOUND_NOISE, STRONG_PASSWORD, expect, expectSettledAccessible, test, uniqueEmail } from './fixtures';
import { PHONE } from './unlock-journeys';

// Each journey its own IMEI: the store refuses a second unlock of an IMEI already in progress.
let serial = 5000 + Math.floor(Math.random() * 4000);
const masked = (imei: string) => `${imei.slice(0, 8)}***${imei.slice(-4)}`;

interface PlacedUnlock {
  readonly orderId: string;
  readonly session: string;
  readonly imei: string;
  readonly email: string;
}

/** Signs up through the API: the browser context then holds the session cookie. */
async function signUp(request: APIRequestContext, baseURL: string, email: string): Promise<void> {
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password: STRONG_PASSWORD, name: email.split('@')[0] },
    headers: { origin: baseURL },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Quotes and checks out an iPhone 15 unlock on AT&T through the API, as the checkout modal does. */
async function placeUnlock(request: APIRequestContext, email: string): Promise<PlacedUnlock> {
  const imei = sandboxImei('success', serial++);
  const quote = await request.post('/api/quotes', {
    data: { imei, brand: 'Apple', model: 'iPhone 15', network: 'att', country: 'US' },
  });
  const q = (await quote.json()) as { quote_id: string; device_info: Record<string, string> };
  const res = await request.post('/api/orders/unlock', {
    data: {
      quote_id: q.quote_id,
      imei,
      brand: 'Apple',
      model: 'iPhone 15',
      carrier: q.device_info.network,
      country: q.device_info.country,
      email,
      agree_to_terms: true,
      agree_to_refund_policy: true,
    },
  });
  const answer = (await res.json()) as { url: string; order_id: string };
  expect(res.ok(), JSON.stringify(answer)).toBe(true);
  return { orderId: answer.order_id, session: new URL(answer.url).pathname.split('/').at(-1) ?? '', imei, email };
}

/** Pays through the sandbox provider's page API; answers the order page's link with its token. */
async function pay(request: APIRequestContext, order: PlacedUnlock): Promise<string> {
  const res = await request.post(`/api/sandbox-payments/${order.session}/pay`, { data: {} });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { url: string }).url;
}

const headline = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('live order page and share links', () => {
  test('an unlock order page follows the order live from payment to unlocked, without a reload', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail();
    await signUp(page.request, baseURL ?? '', email);
    const order = await placeUnlock(page.request, email);
    await page.goto(`/order/${order.orderId}`);
    await expect(headline(page)).toHaveText('Confirming your payment');
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(page.getByText(/Last updated (just now|\d+ seconds ago)/)).toBeVisible();
    const current = page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]');
    await expect(current).toContainText('Ordered');
    // Anything that reloads the page loses this.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await pay(page.request, order);
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Payment received', { timeout: 10_000 });
    await expect(headline(page)).toHaveText('Your phone is unlocked', { timeout: 60_000 });
    await expect(current).toContainText('Done');
    await expect(page.getByRole('region', { name: 'Your unlock result' })).toContainText(SANDBOX_APPLE_RESULT);
    await expect(page.getByRole('link', { name: 'Open the after-install checklist' })).toHaveAttribute(
      'href',
      '/support/after-install?brand=apple',
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('a share link shows state, history and masked IMEI but no email, result or money, and dies when revoked', async ({
    page,
    browser,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail();
    const order = await placeUnlock(page.request, email);
    const orderLink = await pay(page.request, order);
    await page.goto(orderLink);
    await expect(headline(page)).toHaveText('Your phone is unlocked', { timeout: 60_000 });

    const card = page.getByRole('region', { name: 'Share this order’s status' });
    await card.getByRole('button', { name: 'Create share link' }).click();
    const links = card.getByRole('list', { name: 'Share links' });
    await expect(links.getByRole('listitem')).toHaveCount(1);
    const url = (await links.locator('code').textContent()) ?? '';
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);

    // Someone else: no cookies, no order token.
    const stranger = await browser.newContext({ baseURL: new URL(url).origin });
    const shared = await stranger.newPage();
    await shared.goto(new URL(url).pathname);
    await expect(shared.getByRole('heading', { level: 1 })).toHaveText(/iPhone 15/);
    await expect(shared.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(shared.getByRole('region', { name: 'The device' })).toContainText(masked(order.imei));
    await expect(shared.getByRole('region', { name: 'History' })).toContainText('Your order is complete.');
    const text = (await shared.locator('main').textContent()) ?? '';
    for (const secret of [email, SANDBOX_APPLE_RESULT, order.imei, '$', order.orderId])
      expect(text).not.toContain(secret);
    await shared.setViewportSize(PHONE);
    await shared.screenshot({ path: '/tmp/h4-share-phone.png', fullPage: true });

    await card.getByRole('button', { name: 'Revoke Share link 1' }).click();
    await expect(links).toHaveCount(0);
    consoleGuard.allow(NOT_FOUND_NOISE);
    const revokedErrors: string[] = [];
    shared.on('console', (message) => message.type() === 'error' && revokedErrors.push(message.text()));
    await shared.reload();
    await expect(shared.getByRole('heading', { level: 1, name: 'Share link not found' })).toBeVisible();
    await expect(shared.getByText(SHARE_LINK_NOT_FOUND_MESSAGE)).toBeVisible();
    expect(revokedErrors.filter((error) => !NOT_FOUND_NOISE.test(error))).toEqual([]);
    await stranger.close();
  });

  test('keyboard only: make a share link, copy it and revoke it', async ({ page, context }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const order = await placeUnlock(page.request, uniqueEmail());
    await page.goto(await pay(page.request, order));
    const card = page.getByRole('region', { name: 'Share this order’s status' });
    const create = card.getByRole('button', { name: 'Create share link' });
    await expect(create).toBeEnabled();
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    await expect(card.getByRole('listitem')).toHaveCount(1);
    // The focus follows the action: to the new link's Copy, then back to Create once it is revoked.
    await expect(card.getByRole('button', { name: 'Copy Share link 1' })).toBeFocused();
    await page.keyboard.press('Enter');
    const url = await card.locator('code').textContent();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Revoke Share link 1' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('listitem')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Create share link' })).toBeFocused();
  });

  for (const theme of ['dark', 'light'] as const) {
    for (const target of ['order', 'share'] as const) {
      test(`the ${target} page passes axe in the ${theme} theme, on a desktop and at phone width`, async ({ page }) => {
        const order = await placeUnlock(page.request, uniqueEmail());
        const orderLink = new URL(await pay(page.request, order));
        let path = `${orderLink.pathname}${orderLink.search}`;
        if (target === 'share') {
          // Made through the API as the order page's button makes it; opened in a fresh context.
          const id = orderLink.pathname.split('/').at(-1) ?? '';
          const made = await page.request.post(`/api/orders/${id}/shares${orderLink.search}`);
          expect(made.status()).toBe(201);
          path = ((await made.json()) as { path: string }).path;
          await page.context().clearCookies();
        }
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        for (const size of [{ width: 1280, height: 900 }, PHONE]) {
          await page.setViewportSize(size);
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
          await expectSettledAccessible(page);
          await page.screenshot({ path: `/tmp/h4-${target}-${theme}-${size.width}.png`, fullPage: true });
        }
      });
    }
  }
});

/** Presses Tab until `target` has the focus (at most 60 times). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>): Promise<void> {
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('could not reach the element with Tab');
}
