import { expect, test, uniqueEmail } from './fixtures';
import { placeEsimThroughApi, signUpThroughApi } from './journeys';

/**
 * Issue 28: the pages that are not prerendered ask for their code and first data at once, and the
 * browser uses what the first answer named; a link fetches its page's code on intent, so the
 * request is out before the click. Every page with the CPU slowed: `slow-phone.spec.ts`.
 */

const MODULEPRELOAD = /<\/assets\/dashboard-[\w-]+\.js>; rel=modulepreload/;

test.describe('pages that are not prerendered', () => {
  test('name their route’s scripts and the signed-in state in their first answer', async ({ request }) => {
    const answer = await request.get('/dashboard');
    expect(answer.status()).toBe(200);
    const link = answer.headers().link ?? '';
    expect(link).toMatch(MODULEPRELOAD);
    expect(link).toContain('</api/me>; rel=preload; as=fetch; crossorigin=anonymous');
    // A prerendered page names its own scripts in its HTML: no header.
    expect((await request.get('/about')).headers().link).toBeUndefined();
    // The sign-in page is prerendered; its Sign Up tab, asked for by the address, is the app shell (ADR 100).
    expect((await request.get('/auth?redirectTo=%2Fdashboard')).headers().link).toBeUndefined();
    expect((await request.get('/auth?mode=signup')).headers().link).toMatch(/rel=modulepreload/);
    // The order page names its order too, as the page will ask for it.
    expect((await request.get('/order/ab12?token=t0k')).headers().link).toContain(
      '</api/orders/ab12?token=t0k>; rel=preload; as=fetch; crossorigin=anonymous',
    );
  });

  test('ask for their own data once: the browser takes what the first answer named', async ({ page }) => {
    const email = uniqueEmail();
    await signUpThroughApi(page, email);
    await placeEsimThroughApi(page.request, email);
    const { orders } = (await (await page.request.get('/api/orders')).json()) as { orders: { id: string }[] };
    const orderId = orders[0]?.id ?? '';
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/orders')) asked.push(pathname);
    });

    const dashboard = await page.goto('/dashboard');
    expect(dashboard?.headers().link).toContain('</api/orders>; rel=preload; as=fetch; crossorigin=anonymous');
    await expect(page.getByRole('list', { name: 'Your orders' }).getByRole('listitem')).toHaveCount(1);
    expect(asked).toEqual(['/api/orders']);

    asked.length = 0;
    await page.goto(`/order/${orderId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(asked.filter((path) => path === `/api/orders/${orderId}`)).toHaveLength(1);
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
