import { expect, test, uniqueEmail } from './fixtures';

/**
 * Issue 28: the pages that are not prerendered ask for their code and first data at once; the
 * order lookup (prerendered) and the sign-in form show with the CPU slowed as a phone's is; a link
 * fetches its page's code on intent, so the request is out before the click.
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
  });

  test('show their forms with the CPU slowed 4×, keeping what was typed at first sight', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const email = uniqueEmail();

    await page.goto('/track-order', { waitUntil: 'commit' });
    const field = page.getByLabel('Email', { exact: true });
    await field.pressSequentially(email);
    await expect(page.getByRole('heading', { level: 1, name: 'Track Your Order' })).toBeVisible();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(field).toHaveValue(email);

    await page.goto('/auth', { waitUntil: 'commit' });
    const signIn = page.getByLabel('Email', { exact: true });
    await signIn.pressSequentially(email);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(signIn).toHaveValue(email);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
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
