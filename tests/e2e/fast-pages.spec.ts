import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';
import { placeEsimThroughApi, signInAsAdmin, signUpThroughApi } from './journeys';

/**
 * Issue 28: the pages that are not prerendered are rendered by the server with what the request may
 * see (ADR 102): their content is in the first answer, before any script runs, and the browser does
 * not ask again for what that answer held; a link fetches its page's code on intent, so the request
 * is out before the click. Every page with the CPU slowed: `slow-phone.spec.ts`.
 */

/** The sha256 sources of a page's inline scripts, as its Content-Security-Policy must name them. */
async function inlineScriptHashes(html: string): Promise<string[]> {
  const { createHash } = await import('node:crypto');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim())
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/** A customer signed in on `page`, with one eSIM order placed through the API. */
async function customerWithAnOrder(page: Page): Promise<{ email: string; order: { id: string; short_id: string } }> {
  const email = uniqueEmail();
  await signUpThroughApi(page, email);
  await placeEsimThroughApi(page.request, email);
  const { orders } = (await (await page.request.get('/api/orders')).json()) as {
    orders: { id: string; short_id: string }[];
  };
  return { email, order: orders[0]! };
}

test.describe('pages that are not prerendered', () => {
  test('come with their content, kept private, every inline script named in their policy', async ({ page }) => {
    const { email, order } = await customerWithAnOrder(page);

    const dashboard = await page.request.get('/dashboard');
    expect(dashboard.status()).toBe(200);
    expect(dashboard.headers()['cache-control']).toBe('private, no-store');
    const html = await dashboard.text();
    expect(html).toContain(email);
    // The text as drawn (React separates neighbouring texts with empty comments).
    expect(html.replaceAll('<!-- -->', '')).toContain(`Order #${order.short_id}`);
    const policy = dashboard.headers()['content-security-policy'] ?? '';
    for (const hash of await inlineScriptHashes(html)) expect(policy).toContain(hash);
    // The eSIM receipt comes with its order too (its owner needs no token).
    const receipt = await (await page.request.get(`/esim/receipt?order=${order.id}`)).text();
    expect(receipt.replaceAll('<!-- -->', '')).toContain(`#${order.short_id}`);

    // Signed out, the dashboard answers with the way to sign in.
    const signedOut = await page.request.get('/dashboard', { headers: { cookie: '' }, maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers().location).toBe('/auth');
    // The Sign Up tab the address asks for is the one the answer shows (ADR 100, 102).
    expect(await (await page.request.get('/auth?mode=signup')).text()).toMatch(
      /role="tab" aria-selected="true"[^>]*>Sign Up</,
    );
  });

  test('show their content before any script runs, and do not ask again for what came with it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { order } = await customerWithAnOrder(page);

    const withoutScripts = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      storageState: await page.context().storageState(),
    });
    const still = await withoutScripts.newPage();
    await still.goto('/dashboard');
    await expect(still.getByRole('list', { name: 'Your orders' }).getByRole('listitem')).toHaveCount(1);
    await still.goto(`/order/${order.id}`);
    await expect(still.getByText(`#${order.short_id}`)).toBeVisible();
    await withoutScripts.close();

    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await page.goto('/dashboard');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Your orders' }).getByRole('listitem')).toHaveCount(1);
    expect(asked.filter((path) => path === '/api/me' || path === '/api/orders')).toEqual([]);
  });
});

test('a header link fetches its page’s code on hover, before the click', async ({ page }) => {
  await page.goto('/about');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const code = page.waitForRequest(/\/assets\/track-order-[\w-]+\.js$/);
  const link = page.getByRole('banner').getByRole('link', { name: 'Track Order' });
  await link.hover();
  await code;
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Track Your Order' })).toBeVisible();
});

test.describe('a reader in another time zone than the server', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('gets the dashboard, the order page and the receipt hydrated without a mismatch, times in their own zone', async ({
    page,
  }) => {
    const { order } = await customerWithAnOrder(page);

    // The server draws times in UTC, named; once the page runs, the reader's own zone, unnamed.
    // A text that differed while hydrating would be a page error, which fails every journey.
    await page.goto('/dashboard');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Your orders' })).not.toContainText('UTC');
    await page.goto(`/order/${order.id}`);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.locator('time').first()).toBeVisible();
    await expect(history).not.toContainText('UTC');
    await page.goto(`/esim/receipt?order=${order.id}`);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const status = page
      .getByRole('region', { name: /./ })
      .filter({ hasText: `#${order.short_id}` })
      .first();
    await expect(status).toContainText('placed');
    await expect(status).not.toContainText('UTC');
  });

  test('gets the admin pages with their content, hydrated without a mismatch, times in their own zone', async ({
    page,
    request,
  }) => {
    // Set-up as a guest through a request context of its own: the page's session is the admin's.
    const email = uniqueEmail();
    await placeEsimThroughApi(request, email);
    await signInAsAdmin(page);
    const orders = `/admin/orders?email=${encodeURIComponent(email)}`;

    const drawn = async (path: string) => (await (await page.request.get(path)).text()).replaceAll('<!-- -->', '');
    expect(await drawn('/admin')).toContain('Today’s work');
    expect(await drawn(orders)).toContain(email);
    expect(await drawn('/admin/inbox?tab=requests')).toMatch(/Service requests, newest first|No service requests yet/);

    await page.goto(orders);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const table = page.getByRole('table', { name: 'Orders, newest first' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).not.toContainText('UTC');
  });
});
